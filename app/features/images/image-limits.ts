// Limits of an uploaded picture that the browser and the server share (docs/product-rules.md).

/** Larger files are no photo a blog needs: the browser does not send them, the upload endpoint stops reading there. */
export const MAX_INPUT_BYTES = 20 * 1024 * 1024;
