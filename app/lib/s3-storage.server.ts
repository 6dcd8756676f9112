import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { CACHE } from "./cache";
import { assertSafeName } from "./storage-name";
import type { FileStorage } from "./storage.server";

export interface S3StorageConfig {
  bucket: string;
  region: string;
  endpoint?: string;
  /** Unset: the SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle?: boolean;
}

/** An object opened for streaming (GET /uploads/:name without a public URL). */
export interface StoredObject {
  body: Readable;
  contentLength?: number;
  etag?: string;
  lastModified?: Date;
}

export interface S3Storage extends FileStorage {
  readonly kind: "s3";
  /**
   * The object as a stream; null when there is none; `"not-modified"` when `ifNoneMatch` still
   * matches its ETag.
   */
  open(name: string, ifNoneMatch?: string): Promise<StoredObject | "not-modified" | null>;
}

export function isS3Storage(storage: FileStorage): storage is S3Storage {
  return (storage as Partial<S3Storage>).kind === "s3";
}

/** 404 (and 304) answers: the SDK throws them as service exceptions. */
function httpStatus(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, Scaleway, OVH, MinIO) through the official
 * SDK. Objects sit at the bucket's root under the same flat names as the local folder, with
 * the content type and the long immutable cache a public URL or CDN serves them with.
 */
export function createS3Storage(config: S3StorageConfig): S3Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Several S3-compatible services refuse or ignore the SDK's default CRC32 checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;

  return {
    kind: "s3",
    async put(name, bytes, contentType) {
      assertSafeName(name);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: name,
          Body: bytes,
          ContentType: contentType,
          CacheControl: CACHE.immutableAsset,
        }),
      );
    },
    async delete(name) {
      assertSafeName(name);
      // S3 answers a delete of a missing key with success.
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
    },
    async exists(name) {
      assertSafeName(name);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: name }));
        return true;
      } catch (error) {
        if (httpStatus(error) === 404) return false;
        throw error;
      }
    },
    async read(name) {
      assertSafeName(name);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (httpStatus(error) === 404) return null;
        throw error;
      }
    },
    async list() {
      const files: { name: string; modifiedAt: Date }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) {
            files.push({ name: object.Key, modifiedAt: object.LastModified });
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return files;
    },
    async open(name, ifNoneMatch) {
      assertSafeName(name);
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: name, IfNoneMatch: ifNoneMatch }),
        );
        return {
          body: object.Body as Readable,
          contentLength: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        const status = httpStatus(error);
        if (status === 304) return "not-modified";
        if (status === 404) return null;
        throw error;
      }
    },
  };
}
