// SPDX-License-Identifier: GPL-2.0
// The built docs site as a learner sees it, in Debian's headless chromium: every page loads
// without failed requests or script errors, every same-site link and #anchor leads somewhere,
// every picture loads, search finds a word, and nothing too wide for its box is cut off.
//   node check.js SITE ARTEFACTS QUERY PAGE...
// SITE: the built site, served on 127.0.0.1 from port PORT on (the next free one); ARTEFACTS:
// where the screenshots of the PAGEs (site paths, e.g. / or labs/08-sigpage/) go; QUERY: a word
// the search must find. One line per problem, and exit 1 when there is any.
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');
const { chromium } = require('playwright-core');

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
			st = file.startsWith(root) ? fs.statSync(file, { throwIfNoEntry: false }) : null;
		} catch (e) {	/* a malformed %-escape: not found, like any other bad path */
		}
		if (st && st.isDirectory() && !url.pathname.endsWith('/')) {
			res.writeHead(301, { Location: url.pathname + '/' });
			return res.end();
		}
		if (st && st.isDirectory())
			file = path.join(file, 'index.html'), st = fs.statSync(file, { throwIfNoEntry: false });
		if (!st || !st.isFile()) {
			res.writeHead(404);
			return res.end('not found');
		}
		res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' });
		fs.createReadStream(file).pipe(res);
	});
}

// From PORT on, the first port no one listens on (as tools/boot.sh picks the gdb port).
async function listen(server, port) {
	for (let last = port + 100; port < last; port++) {
		try {
			await new Promise((ok, fail) => {
				server.once('error', fail);
				server.listen(port, '127.0.0.1', () => { server.off('error', fail); ok(); });
			});
			return port;
		} catch (e) {
			if (e.code !== 'EADDRINUSE')
				throw e;
		}
	}
	throw new Error(`no free port from ${port - 100} to ${port - 1}`);
}

// Every HTML page of the site, as URL paths: /, /labs/08-sigpage/, /404.html.
function sitePages(root, dir = '') {
	return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
		const rel = path.posix.join(dir, e.name);
		if (e.isDirectory())
			return sitePages(root, rel);
		if (!e.name.endsWith('.html'))
			return [];
		return ['/' + (e.name === 'index.html' ? (dir ? dir + '/' : '') : rel)];
	});
}

function httpStatus(url) {
	return new Promise((ok) => http.get(url, (res) => { res.resume(); ok(res.statusCode); })
		.on('error', () => ok(0)));
}

// Runs in the page: its ids, links and pictures.
async function inspect() {
	const ids = [...document.querySelectorAll('[id], a[name]')].map((e) => e.id || e.name);
	const links = [...document.querySelectorAll('a[href]')].map((a) => a.href);
	const pictures = await Promise.all([...document.querySelectorAll('img')].map(async (img) => {
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
	const name = (e) => e.tagName.toLowerCase() + (typeof e.className === 'string' && e.className.trim() ?
		'.' + e.className.trim().split(/\s+/).join('.') : '');
	const left = (e) => e.getBoundingClientRect().left + e.clientLeft;
	const cut = [];
	for (const el of document.querySelectorAll('.md-content *')) {
		if (el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 1)
			continue;
		let box = el;
		while (box && !['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(box).overflowX))
			box = box.parentElement;
		const o = box ? getComputedStyle(box).overflowX : 'visible';
		if ((o === 'hidden' || o === 'clip') && left(el) + el.scrollWidth > left(box) + box.clientWidth + 1)
			cut.push({ el, line: `<${name(el)}> "${el.textContent.replace(/\s+/g, ' ').trim().slice(0, 40)}" is ${el.scrollWidth} px wide ` +
				`in ${el.clientWidth} px, cut by overflow-x: ${o} on <${name(box)}>` });
	}
	// The innermost: an element cut because a child of its is says nothing more.
	return cut.filter((c) => !cut.some((d) => d !== c && c.el.contains(d.el))).map((c) => c.line);
}

async function main() {
	if (!site || !artefacts || !query || !fs.existsSync(path.join(site, 'index.html'))) {
		console.error(`lab: usage: check.js SITE ARTEFACTS QUERY PAGE... (no site at '${site}': run make docs)`);
		process.exit(2);
	}
	const t0 = Date.now();
	const root = path.resolve(site);
	const server = serve(root);
	const origin = `http://127.0.0.1:${await listen(server, Number(process.env.PORT) || 8000)}`;
	const own = (url) => url.startsWith(origin + '/');
	const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
	let blocked = 0;
	// The site is checked alone: whatever it asks of other hosts (web fonts) is refused.
	const newContext = async () => {
		const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
		await context.route('**/*', (r) => own(r.request().url()) ? r.continue() : (blocked++, r.abort()));
		return context;
	};
	try {
		const pages = sitePages(root);
		const ids = new Map();		// page -> its ids
		const linked = new Map();	// URL without #anchor -> { from: a page, anchors: anchor -> page }
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
			page.on('response', (r) => own(r.url()) && r.url() !== origin + p && r.status() >= 400 &&
				failed(r.url(), `HTTP ${r.status()}`, p));
			const res = await page.goto(origin + p, { waitUntil: 'load' });
			if (!res || res.status() !== 200)
				problem(`${p}: HTTP ${res ? res.status() : 'no answer'}`);
			const seen = await page.evaluate(inspect);
			ids.set(p, new Set(seen.ids));
			for (const l of seen.links.filter(own)) {
				const u = new URL(l), key = u.origin + u.pathname;
				const e = linked.get(key) || { from: p, anchors: new Map() };
				if (u.hash)
					e.anchors.set(decodeURIComponent(u.hash.slice(1)), p);
				linked.set(key, e);
				nlinks++;
			}
			for (const img of seen.pictures) {
				npictures++;
				if (!img.width)
					problem(`${p}: picture did not load: ${img.src.replace(origin, '')}`);
			}
			for (const [vp, size] of Object.entries(VIEWPORTS)) {
				await page.setViewportSize(size);
				(await page.evaluate(cutBlocks)).forEach((c) => problem(`${p} (${vp}): ${c}`));
			}
			await page.close();
		}
		await context.close();
		for (const [what, from] of failures)
			problem(`${what}, on ${from.length > 1 ? from.length + ' pages, the first ' : ''}${from[0]}`);
		for (const [url, e] of linked) {
			const p = url.slice(origin.length);
			if (!ids.has(p)) {
				const status = await httpStatus(url);
				if (status !== 200)
					problem(`${e.from}: broken link to ${p} (HTTP ${status})`);
				continue;
			}
			for (const [anchor, from] of e.anchors)
				if (!ids.get(p).has(anchor))
					problem(`${from}: broken link to ${p}#${anchor}: no such anchor on that page`);
		}
		const found = await search(await newContext(), origin, own, ids);
		await screenshots(await newContext(), origin, ids);
		console.log(`docs-browser: ${pages.length} pages (${Object.keys(VIEWPORTS).join(' and ')} width), ` +
			`${nlinks} same-site links to ${linked.size} addresses, ${npictures} pictures, ` +
			`search '${query}': ${found} results, ${blocked} requests to other hosts refused, ` +
			`${((Date.now() - t0) / 1000).toFixed(1)} s: ${problems.length ? problems.length + ' problems' : 'all good'}`);
	} finally {
		await browser.close();
		server.close();
	}
	process.exit(problems.length ? 1 : 0);
}

// Type the word into the header's search box, as a reader would, and expect results that
// lead to pages of the site.
async function search(context, origin, own, ids) {
	const page = await context.newPage();
	page.on('requestfailed', (r) => own(r.url()) &&
		problem(`search: request failed: ${r.url().slice(origin.length)} (${r.failure().errorText})`));
	await page.goto(origin + '/', { waitUntil: 'load' });
	await page.click('.md-search__input');
	await page.keyboard.type(query, { delay: 50 });
	const results = page.locator('.md-search-result__item a.md-search-result__link');
	try {
		await results.first().waitFor({ timeout: 15000 });
	} catch (e) {
		problem(`search for '${query}' shows no results`);
		await context.close();
		return 0;
	}
	const hrefs = await results.evaluateAll((as) => as.map((a) => a.href));
	for (const h of hrefs) {
		const u = new URL(h);
		if (!own(h) || !ids.has(u.pathname))
			problem(`search for '${query}': result ${h} is not a page of the site`);
		else if (u.hash && !ids.get(u.pathname).has(decodeURIComponent(u.hash.slice(1))))
			problem(`search for '${query}': result ${u.pathname}${u.hash}: no such anchor on that page`);
	}
	await context.close();
	return hrefs.length;
}

// Whole-page screenshots of the PAGEs, for a person to look at.
async function screenshots(context, origin, ids) {
	fs.mkdirSync(artefacts, { recursive: true });
	for (const s of shots) {
		const p = '/' + s.replace(/^\/+/, '');
		if (!ids.has(p)) {
			problem(`no page ${p} to take a screenshot of`);
			continue;
		}
		const name = p.replace(/^\/|\/$/g, '').replace(/\//g, '-') || 'home';
		const file = path.join(path.resolve(artefacts), `docs-${name}.png`);
		const page = await context.newPage();
		await page.goto(origin + p, { waitUntil: 'load' });
		await page.screenshot({ path: file, fullPage: true });
		console.log(`docs-browser: screenshot of ${p}: ${file}`);
	}
	await context.close();
}

main().catch((e) => {
	console.log(`docs-browser: ${e.message.split('\n')[0]}`);
	process.exit(1);
});
