// SPDX-License-Identifier: GPL-2.0
// The built docs site as a learner sees it, in Debian's headless chromium: every page loads
// without failed requests, script errors or requests to other hosts, every same-site link and
// #anchor leads somewhere, every picture loads, search finds a word, and nothing too wide for
// its box is cut off. The same site opened from disk (file://) loads, a click in its navigation
// lands on the page, and its search finds the word. Every redirect page (an old address) lands
// on its page, and each stage id of labs/renamed on its final id's page.
//   node check.js SITE ARTEFACTS QUERY PAGE...
// SITE: the built site, served on 127.0.0.1 from port PORT on (the next free one); ARTEFACTS:
// where the screenshots of the PAGEs (site paths, e.g. / or labs/<id>.html) go, and one of
// the search from file://; QUERY: a word the search must find. One line per problem, and exit 1
// when there is any.
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');
const { pathToFileURL } = require('url');
const { chromium } = require('playwright-core');

const RENAMED = path.join(__dirname, '..', '..', 'labs', 'renamed');

const [site, artefacts, query, ...shots] = process.argv.slice(2);
const CHROMIUM = '/usr/bin/chromium';
// Headless as root on a machine with no network but the loopback.
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
	'--disable-background-networking', '--disable-component-update', '--disable-sync'];
// A desktop, where the header's search box shows, and a phone, where wide blocks must scroll.
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const TYPES = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript',
	'.json': 'application/json', '.map': 'application/json', '.svg': 'image/svg+xml',
	'.png': 'image/png', '.txt': 'text/plain; charset=utf-8', '.xml': 'application/xml' };

const problems = [];
function problem(line) {
	if (problems.includes(line))
		return;
	problems.push(line);
	console.log(`docs-browser: ${line}`);
}

// A static server for the site, as any web server would serve it.
function serve(root) {
	return http.createServer((req, res) => {
		const url = new URL(req.url, 'http://localhost');
		let file = '', st = null;
		try {
			file = path.join(root, path.normalize(decodeURIComponent(url.pathname)));
			st = file.startsWith(root) ?
				fs.statSync(file, { throwIfNoEntry: false }) : null;
		} catch (e) {	/* a malformed %-escape: not found, like any other bad path */
		}
		if (st && st.isDirectory() && !url.pathname.endsWith('/')) {
			res.writeHead(301, { Location: url.pathname + '/' });
			return res.end();
		}
		if (st && st.isDirectory()) {
			file = path.join(file, 'index.html');
			st = fs.statSync(file, { throwIfNoEntry: false });
		}
		if (!st || !st.isFile()) {
			res.writeHead(404);
			return res.end('not found');
		}
		const type = TYPES[path.extname(file)] || 'application/octet-stream';
		res.writeHead(200, { 'Content-Type': type });
		fs.createReadStream(file).pipe(res);
	});
}

// From PORT on, the first port no one listens on (as tools/boot.sh picks the gdb port).
async function listen(server, port) {
	for (let last = port + 100; port < last; port++) {
		try {
			await new Promise((ok, fail) => {
				server.once('error', fail);
				server.listen(port, '127.0.0.1', () => {
					server.off('error', fail);
					ok();
				});
			});
			return port;
		} catch (e) {
			if (e.code !== 'EADDRINUSE')
				throw e;
		}
	}
	throw new Error(`no free port from ${port - 100} to ${port - 1}`);
}

// A page's path in the site, as its file: /index.html, /labs/<id>.html (a directory's
// address, /labs/x/, is its index.html).
const canon = (p) => p.endsWith('/') ? p + 'index.html' : p;

// Every HTML file of the site, by path: the pages, and the redirect pages (a meta refresh to the
// page an old address leads to) as a map to that page's path.
function sitePages(root, dir = '/', found = { pages: [], redirects: new Map() }) {
	for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
		const rel = path.posix.join(dir, e.name);
		if (e.isDirectory())
			sitePages(root, rel, found);
		else if (e.name.endsWith('.html')) {
			const to = fs.readFileSync(path.join(root, rel), 'utf8')
				.match(/<meta http-equiv="refresh" content="0; url=([^"]+)"/);
			if (to)
				found.redirects.set(rel, new URL(to[1], 'http://x' + rel).pathname);
			else
				found.pages.push(rel);
		}
	}
	return found;
}

// labs/renamed as old id -> final id, following an id renamed again (as tools/stages.sh does).
function renamed() {
	const next = new Map(fs.readFileSync(RENAMED, 'utf8').split('\n')
		.filter((l) => /^[a-z0-9][a-z0-9-]* [a-z0-9][a-z0-9-]*$/.test(l))
		.map((l) => l.split(' ')));
	const final = new Map();
	for (const old of next.keys()) {
		let id = old;
		for (let n = 0; next.has(id) && n <= next.size; n++)
			id = next.get(id);
		final.set(old, id);
	}
	return final;
}

function httpStatus(url) {
	return new Promise((ok) => http.get(url, (res) => { res.resume(); ok(res.statusCode); })
		.on('error', () => ok(0)));
}

// Runs in the page: its ids, links and pictures.
async function inspect() {
	const ids = [...document.querySelectorAll('[id], a[name]')].map((e) => e.id || e.name);
	const links = [...document.querySelectorAll('a[href]')].map((a) => a.href);
	const imgs = [...document.querySelectorAll('img')];
	const pictures = await Promise.all(imgs.map(async (img) => {
		await img.decode().catch(() => {});
		return { src: img.currentSrc || img.src, width: img.naturalWidth };
	}));
	return { ids, links, pictures };
}

// Runs in the page: the blocks of the text wider than their box whose content is cut off. An
// element wider than its box is fine when a box around it scrolls (overflow-x auto or scroll),
// or when the first box around it that clips (overflow-x hidden or clip; the page's root does,
// in mkdocs-material) still has room for it; otherwise the reader cannot see the rest.
function cutBlocks() {
	const name = (e) => e.tagName.toLowerCase() +
		(typeof e.className === 'string' && e.className.trim() ?
			'.' + e.className.trim().split(/\s+/).join('.') : '');
	const left = (e) => e.getBoundingClientRect().left + e.clientLeft;
	const cut = [];
	for (const el of document.querySelectorAll('.md-content *')) {
		if (el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 1)
			continue;
		let box = el;
		const scrolls = ['auto', 'scroll', 'hidden', 'clip'];
		while (box && !scrolls.includes(getComputedStyle(box).overflowX))
			box = box.parentElement;
		const o = box ? getComputedStyle(box).overflowX : 'visible';
		const text = el.textContent.replace(/\s+/g, ' ').trim().slice(0, 40);
		if ((o === 'hidden' || o === 'clip') &&
		    left(el) + el.scrollWidth > left(box) + box.clientWidth + 1)
			cut.push({ el, line: `<${name(el)}> "${text}" is ${el.scrollWidth} px ` +
				`wide in ${el.clientWidth} px, cut by overflow-x: ${o} on ` +
				`<${name(box)}>` });
	}
	// The innermost: an element cut because a child of its is says nothing more.
	return cut.filter((c) => !cut.some((d) => d !== c && c.el.contains(d.el)))
		.map((c) => c.line);
}

async function main() {
	if (!site || !artefacts || !query || !fs.existsSync(path.join(site, 'index.html'))) {
		console.error('lab: usage: check.js SITE ARTEFACTS QUERY PAGE... ' +
			`(no site at '${site}': run make docs)`);
		process.exit(2);
	}
	const t0 = Date.now();
	const root = path.resolve(site);
	const server = serve(root);
	const origin = `http://127.0.0.1:${await listen(server, Number(process.env.PORT) || 8000)}`;
	const fileBase = pathToFileURL(root).href;	// file:///…/site, no "/" at the end
	const own = (url) => url.startsWith(origin + '/');
	const ownFile = (url) => url.startsWith(fileBase + '/');
	// The path in the site of a URL of it, served or from disk, as it is (filePath) or as its
	// file (sitePath: a directory's is its index.html); null for any other URL.
	const base = new URL(fileBase).pathname.length;
	const filePath = (url) => ownFile(url) ?
		decodeURIComponent(new URL(url).pathname.slice(base)) : null;
	const sitePath = (url) => own(url) ? canon(decodeURIComponent(new URL(url).pathname)) :
		ownFile(url) ? canon(filePath(url)) : null;
	const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
	let blocked = 0;
	// The site is checked alone, and must work offline: whatever it asks of other hosts (a web
	// font, a CDN) is refused, and a problem.
	const newContext = async () => {
		const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
		await context.route('**/*', (r) => {
			const url = r.request().url();
			if (own(url) || ownFile(url))
				return r.continue();
			blocked++;
			problem(`the site asks another host for ${url}`);
			return r.abort();
		});
		return context;
	};
	try {
		const { pages, redirects } = sitePages(root);
		const ids = new Map();		// page -> its ids
		// page path -> { from: a page, anchors: anchor -> page }
		const linked = new Map();
		let nlinks = 0, npictures = 0;
		// A resource that fails on every page (the search index) is one problem.
		const failures = new Map();	// what failed -> pages
		const failed = (url, why, p) => {
			const what = `${why} for ${url.slice(origin.length)}`;
			failures.set(what, [...(failures.get(what) || []), p]);
		};
		const context = await newContext();
		for (const p of pages) {
			const page = await context.newPage();
			page.on('pageerror', (e) => problem(`${p}: script error: ${e.message}`));
			page.on('console', (m) => {
				// A failed load is reported once, below, with its URL.
				if (m.type() === 'error' && own(m.location().url || origin + p) &&
				    !m.text().startsWith('Failed to load resource'))
					problem(`${p}: console error: ${m.text()}`);
			});
			page.on('requestfailed', (r) => own(r.url()) &&
				failed(r.url(), r.failure().errorText, p));
			page.on('response', (r) => own(r.url()) && r.url() !== origin + p &&
				r.status() >= 400 && failed(r.url(), `HTTP ${r.status()}`, p));
			const res = await page.goto(origin + p, { waitUntil: 'load' });
			if (!res || res.status() !== 200)
				problem(`${p}: HTTP ${res ? res.status() : 'no answer'}`);
			const seen = await page.evaluate(inspect);
			ids.set(p, new Set(seen.ids));
			for (const l of seen.links.filter(own)) {
				const u = new URL(l), key = sitePath(l);
				if (u.pathname.endsWith('/'))
					problem(`${p}: a link to a directory, ${u.pathname}, ` +
						'which from file:// shows its listing');
				const e = linked.get(key) || { from: p, anchors: new Map() };
				if (u.hash)
					e.anchors.set(decodeURIComponent(u.hash.slice(1)), p);
				linked.set(key, e);
				nlinks++;
			}
			for (const img of seen.pictures) {
				npictures++;
				if (!img.width)
					problem(`${p}: picture did not load: ` +
						img.src.replace(origin, ''));
			}
			for (const [vp, size] of Object.entries(VIEWPORTS)) {
				await page.setViewportSize(size);
				for (const c of await page.evaluate(cutBlocks))
					problem(`${p} (${vp}): ${c}`);
			}
			await page.close();
		}
		await context.close();
		for (const [what, from] of failures) {
			const many = from.length > 1 ? from.length + ' pages, the first ' : '';
			problem(`${what}, on ${many}${from[0]}`);
		}
		for (const [p, e] of linked) {
			if (!ids.has(p)) {
				const status = await httpStatus(origin + p);
				if (status !== 200)
					problem(`${e.from}: broken link to ${p} (HTTP ${status})`);
				continue;
			}
			for (const [anchor, from] of e.anchors)
				if (!ids.get(p).has(anchor))
					problem(`${from}: broken link to ${p}#${anchor}: ` +
						'no such anchor on that page');
		}
		const docs = { origin, fileBase, root, pages, ids, redirects, filePath, sitePath };
		const searchContext = await newContext();
		const searchPage = await searchContext.newPage();
		searchPage.on('requestfailed', (r) => own(r.url()) &&
			problem(`search: request failed: ${r.url().slice(origin.length)} ` +
				`(${r.failure().errorText})`));
		const found = await search(searchPage, origin + '/index.html', docs);
		await searchContext.close();
		const disk = await fromDisk(await newContext(), docs);
		const nredirects = await checkRedirects(await newContext(), docs);
		await screenshots(await newContext(), docs);
		const widths = Object.keys(VIEWPORTS).join(' and ');
		const verdict = problems.length ? problems.length + ' problems' : 'all good';
		console.log(`docs-browser: ${pages.length} pages (${widths} width), ` +
			`${nlinks} same-site links to ${linked.size} addresses, ` +
			`${npictures} pictures, search '${query}': ${found} results, ` +
			`${blocked} requests to other hosts; ` +
			`from file://: a click in the navigation to ${disk.nav}, ` +
			`search '${query}': ${disk.found} results; ` +
			`${redirects.size} redirect pages, ` +
			`${nredirects} redirects followed, served and from file://; ` +
			`${((Date.now() - t0) / 1000).toFixed(1)} s: ${verdict}`);
	} finally {
		await browser.close();
		server.close();
	}
	process.exit(problems.length ? 1 : 0);
}

// Type the word into the header's search box of the page at url, as a reader would, and expect
// results that lead to pages of the site, served or on disk as the page is.
async function search(page, url, site) {
	const where = url.startsWith('file:') ? 'search from file://' : 'search';
	if (page.url() !== url)
		await page.goto(url, { waitUntil: 'load' });
	const results = page.locator('.md-search-result__item a.md-search-result__link');
	try {
		await page.click('.md-search__input', { timeout: 15000 });
		await page.keyboard.type(query, { delay: 50 });
		await results.first().waitFor({ timeout: 15000 });
	} catch (e) {
		problem(`${where} for '${query}' shows no results`);
		return 0;
	}
	const hrefs = await results.evaluateAll((as) => as.map((a) => a.href));
	for (const h of hrefs) {
		const p = site.sitePath(h), hash = new URL(h).hash;
		if (!p || new URL(h).protocol !== new URL(url).protocol || !site.ids.has(p))
			problem(`${where} for '${query}': result ${h} is not a page of the site`);
		else if (hash && !site.ids.get(p).has(decodeURIComponent(hash.slice(1))))
			problem(`${where} for '${query}': result ${p}${hash}: ` +
				'no such anchor on that page');
	}
	return hrefs.length;
}

// The site opened from disk, as a learner opens site/index.html (the links are the same as
// served, checked above): the home page loads without failed requests or script errors; a
// click in its navigation to a page one directory down lands on that page, which loads as
// well; from there, search finds QUERY (screenshot: docs-file-search.png).
async function fromDisk(context, site) {
	let here = '/index.html';
	const page = await context.newPage();
	page.on('pageerror', (e) => problem(`${here} (file://): script error: ${e.message}`));
	page.on('console', (m) => m.type() === 'error' &&
		!m.text().startsWith('Failed to load resource') &&	/* reported with its URL */
		problem(`${here} (file://): console error: ${m.text()}`));
	page.on('requestfailed', (r) => r.url().startsWith('file:') &&
		problem(`${here} (file://): ${r.failure().errorText} for ` +
			(site.filePath(r.url()) || r.url())));
	await page.goto(site.fileBase + here, { waitUntil: 'load' });
	const link = page.locator('.md-nav--primary a.md-nav__link[href*="/"]').first();
	const href = await link.evaluate((a) => a.href);
	const title = (await link.textContent()).trim();
	await link.click();
	// There, the navigation marks the page it is on: the one clicked.
	const active = page.locator('.md-nav--primary a.md-nav__link--active').first();
	const landed = await page.waitForURL(href, { timeout: 5000 })
		.then(() => active.textContent({ timeout: 5000 }))
		.then((t) => t.trim(), () => null);
	const nav = landed === title ? site.sitePath(page.url()) : 'nowhere';
	if (landed !== title)
		problem(`file://: a click on '${title}' in the navigation of /index.html ` +
			`lands on ${page.url()}${landed ? `, marked '${landed}'` : ''}, ` +
			`not on ${href}`);
	here = landed === title ? nav : '/index.html';	// where to search from
	const found = await search(page, site.fileBase + here, site);
	fs.mkdirSync(artefacts, { recursive: true });
	const file = path.join(path.resolve(artefacts), 'docs-file-search.png');
	await page.screenshot({ path: file });
	console.log(`docs-browser: screenshot of the search from file://${here}: ${file}`);
	await context.close();
	return { nav, found };
}

// Every redirect page lands on its page with the #anchor kept, served (at its old address, a
// directory's for an index.html) and from disk; labs/renamed's old ids lead to their final
// ids' pages (labs/<old>.html and labs/<old>/index.html), and every page's old directory
// address (labs/<id>/, before use_directory_urls: false) to the page.
async function checkRedirects(context, site) {
	const want = new Map();	// redirect page -> the page it must lead to
	for (const [old, id] of renamed())
		for (const r of [`/labs/${old}.html`, `/labs/${old}/index.html`])
			want.set(r, `/labs/${id}.html`);
	for (const p of site.pages.filter((p) => !/^\/(index|404)\.html$/.test(p)))
		want.set(p.replace(/\.html$/, '/index.html'), p);
	for (const [r, to] of want)
		if (!site.redirects.has(r))
			problem(`no redirect page ${r} to ${to}`);
		else if (site.redirects.get(r) !== to)
			problem(`redirect page ${r} leads to ${site.redirects.get(r)}, ` +
				`not to ${to}`);
	const page = await context.newPage();
	let n = 0;
	for (const [r, to] of site.redirects) {
		if (!site.ids.has(to)) {
			problem(`redirect page ${r} leads to ${to}, which is not a page`);
			continue;
		}
		const served = site.origin + r.replace(/\/index\.html$/, '/');
		const there = (u) => site.sitePath(u.href) === to && u.hash === '#lab-redirect';
		for (const url of [served, site.fileBase + r]) {
			await page.goto(url + '#lab-redirect', { waitUntil: 'commit' });
			try {
				await page.waitForURL(there,
					{ timeout: 5000, waitUntil: 'commit' });
				n++;
			} catch (e) {
				problem(`${url} does not lead to ${to}#lab-redirect: ` +
					`at ${page.url()}`);
			}
		}
	}
	await context.close();
	return n;
}

// Whole-page screenshots of the PAGEs (an old address: the page it leads to), for a person to
// look at.
async function screenshots(context, site) {
	fs.mkdirSync(artefacts, { recursive: true });
	for (const s of shots) {
		let p = canon('/' + s.replace(/^\/+/, ''));
		p = site.redirects.get(p) || p;
		if (!site.ids.has(p)) {
			problem(`no page ${p} to take a screenshot of`);
			continue;
		}
		const name = p.replace(/^\/|\.html$/g, '').replace(/\//g, '-')
			.replace(/^index$/, 'home');
		const file = path.join(path.resolve(artefacts), `docs-${name}.png`);
		const page = await context.newPage();
		await page.goto(site.origin + p, { waitUntil: 'load' });
		await page.screenshot({ path: file, fullPage: true });
		console.log(`docs-browser: screenshot of ${p}: ${file}`);
	}
	await context.close();
}

main().catch((e) => {
	console.log(`docs-browser: ${e.message.split('\n')[0]}`);
	process.exit(1);
});
