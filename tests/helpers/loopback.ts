/** An Express app served on loopback for a test that talks to it over HTTP. */
import type { AddressInfo } from "node:net";
import type { Express } from "express";

/** Serves `app` on a free loopback port: its base URL, and `stop` for the test's cleanup. */
export async function serveOnLoopback(app: Express) {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Waits until `done()` holds, polling (no fixed sleep); fails after 5 s saying `what`. */
export async function until(done: () => boolean, what: () => string) {
  const deadline = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
