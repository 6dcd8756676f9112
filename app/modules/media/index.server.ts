// Public, server-only surface of the module: what other modules may import on the server.
export { deleteImages, imageKeysProblem, replaceImages, uploadImage } from "./media.server";
