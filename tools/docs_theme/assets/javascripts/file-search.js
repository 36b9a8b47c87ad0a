// Search on a page opened from disk (file://), where browsers refuse what the theme's search
// does on a served site: fetch search/search_index.json, and start a web worker from a file.
// There, the index comes as a script (search/search_index.js, written by tools/docs_hook.py),
// which file:// pages may load, and the theme's worker script runs in a hidden iframe of the
// page's own origin: the theme's bundle takes both from window.__search, and its worker script
// knows the iframe (it looks for parent.IFrameWorker, as material's iframe-worker shim sets).
// Served over http, nothing here runs: the theme works as it is.
'use strict';
(function () {
	if (location.protocol !== 'file:')
		return;
	const here = document.currentScript.src;
	window.__search = {
		index: new Promise((ok, fail) => {
			const s = document.createElement('script');
			s.src = new URL('../../search/search_index.js', here).href;
			s.onload = () => ok(window.__lab_search_index);
			s.onerror = () => fail(new Error(`search: cannot load ${s.src}`));
			document.head.appendChild(s);
		}),
	};
	// What a Worker offers the bundle: postMessage, message events, terminate. Messages are
	// copied and delivered later, as a worker's are.
	class IFrameWorker extends EventTarget {
		constructor(url) {
			super();
			this.frame = document.createElement('iframe');
			this.frame.style.display = 'none';
			document.body.appendChild(this.frame);
			const w = this.frame.contentWindow;
			this.queue = [];	// messages sent before the worker's script has run
			w.postMessage = (data) => setTimeout(() => this.dispatchEvent(
				new MessageEvent('message', { data: structuredClone(data) })));
			const s = w.document.createElement('script');
			s.src = new URL(url, location.href).href;
			s.onload = () => {
				this.queue.forEach((send) => send());
				this.queue = null;
			};
			s.onerror = () => this.dispatchEvent(new Event('error'));
			w.document.head.appendChild(s);
		}
		postMessage(data) {
			const w = this.frame.contentWindow;
			const send = () => w.dispatchEvent(new w.MessageEvent('message',
				{ data: w.structuredClone(data) }));
			this.queue ? this.queue.push(send) : setTimeout(send);
		}
		terminate() {
			this.frame.remove();
		}
	}
	window.IFrameWorker = window.Worker = IFrameWorker;
})();
