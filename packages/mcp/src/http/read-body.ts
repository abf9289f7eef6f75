import { jsonError } from './json-error.js';

const decoder = new TextDecoder();

/** Bodies a server adapter already read (the node:http listener), so `readJsonBody` need not stream them again. */
export const prereadBodies = new WeakMap<Request, Uint8Array>();

/**
 * Read and parse a JSON request body of at most `maxBytes`: a declared `Content-Length` over the limit is refused
 * unread, and reading stops as soon as the limit is passed (413). Malformed JSON gets the JSON-RPC parse error (400).
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
): Promise<{ body: unknown } | { refused: Response }> {
  const tooLarge = () => ({
    refused: jsonError(413, -32000, `Payload Too Large: the request body is over ${maxBytes} bytes`),
  });
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) return tooLarge();
  const preread = prereadBodies.get(request);
  if (preread) return preread.byteLength > maxBytes ? tooLarge() : parse(preread);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return tooLarge();
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return parse(bytes);
}

function parse(bytes: Uint8Array): { body: unknown } | { refused: Response } {
  try {
    return { body: JSON.parse(decoder.decode(bytes)) };
  } catch {
    return { refused: jsonError(400, -32700, 'Parse error: the body is not valid JSON') };
  }
}
