import { pipeline } from "node:stream";
import type express from "express";
import { CACHE } from "~/lib/cache";
import { log } from "~/lib/log.server";
import type { S3Storage } from "~/lib/s3-storage.server";
import { isSafeStorageName, storageContentType } from "~/lib/storage-name";

/**
 * GET /uploads/:name from the bucket (STORAGE=s3): the object streamed through the shop with
 * what express.static sends for the local folder — the type by the name's extension, the long
 * immutable cache, its ETag (a matching If-None-Match is a 304) — and a 404 for a missing or
 * unsafe name (the one storage name rule: no folder can be named).
 */
export function serveUploadsFromBucket(storage: S3Storage): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      res.status(405).end();
      return;
    }
    const name = req.path.slice(1);
    if (!isSafeStorageName(name)) return next({ status: 404 });
    storage.open(name, req.get("If-None-Match")).then((object) => {
      if (object === null) return next({ status: 404 });
      res.setHeader("Cache-Control", CACHE.immutableAsset);
      if (object === "not-modified") {
        res.status(304).end();
        return;
      }
      res.setHeader("Content-Type", storageContentType(name));
      if (object.contentLength !== undefined) res.setHeader("Content-Length", object.contentLength);
      if (object.etag) res.setHeader("ETag", object.etag);
      if (object.lastModified) res.setHeader("Last-Modified", object.lastModified.toUTCString());
      if (req.method === "HEAD") {
        object.body.destroy();
        res.end();
        return;
      }
      pipeline(object.body, res, (error) => {
        // A visitor who goes away mid-image is no error worth a line.
        if (error && error.code !== "ERR_STREAM_PREMATURE_CLOSE") {
          log("warn", "upload stream from the bucket failed", { name, error: String(error) });
        }
      });
    }, next);
  };
}
