// The static lab's back end: nimlab compiled to WebAssembly, run in this
// worker so that the page stays responsive. The page posts {id, name,
// query} (an /api request of "nimlab serve": name, and its query string)
// and receives {id, event, data}: "progress" and "claim" events, then one
// "result" (JSON, or a figure's SVG) or "error" ({"error": ..., "kind":
// ...}, as the server answers a request that failed). The page stops a
// computation by terminating the worker.
"use strict";
importScripts("wasm_exec.js");

const go = new Go();
const ready = (async () => {
  let module;
  try {
    module = await WebAssembly.instantiateStreaming(fetch("nimlab.wasm"), go.importObject);
  } catch (e) {
    // A server that does not say application/wasm: compile from the bytes.
    const r = await fetch("nimlab.wasm");
    if (!r.ok) throw new Error(`nimlab.wasm: ${r.status} ${r.statusText}`);
    module = await WebAssembly.instantiate(await r.arrayBuffer(), go.importObject);
  }
  // nimlab exits only when it fails (out of memory): the page restarts it.
  go.run(module.instance).then(() => postMessage({ id: 0, event: "exit", data: "nimlab stopped (out of memory?); it restarts with the next request" }));
  // One small outcome, answered before any request of the page: V8 first
  // runs the module unoptimised, and the page's first outcome took up to
  // 101 ms without this, 80 ms of it warming up.
  self.nimlabCall("outcome", "game=cn:3,2&position=2,1,1", () => {});
})();

self.onmessage = async (e) => {
  const { id, name, query } = e.data;
  try {
    await ready;
  } catch (err) {
    postMessage({ id, event: "error", data: JSON.stringify({ error: `the WebAssembly module did not load: ${err.message}`, kind: "error" }) });
    return;
  }
  self.nimlabCall(name, query, (event, data) => postMessage({ id, event, data }));
};
