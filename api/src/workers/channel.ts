/**
 * The channel between the API and a process running a team's code: a stream (the process's file descriptor 3)
 * carrying frames of a 4-byte length and a V8-serialised message. The parent reads a frame's length before its
 * bytes, so a message larger than it takes is refused before it is held or parsed (Node's own IPC channel
 * buffers and deserialises whatever arrives, in the API's thread).
 */
import type { Duplex } from 'node:stream';
import { deserialize, serialize } from 'node:v8';

/** Writes one message. */
export function sendFrame(stream: Duplex, message: unknown): void {
  const body = serialize(message);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  stream.write(Buffer.concat([head, body]));
}

/**
 * Reads the stream's messages: `onMessage(message, bytes)` for each; a frame longer than `maxBytes` calls
 * `onOversize` and ends the reading (its bytes are never kept).
 */
export function readFrames(
  stream: Duplex,
  maxBytes: number,
  onMessage: (message: unknown, bytes: number) => void,
  onOversize: (bytes: number) => void,
): void {
  let pending: Buffer[] = [];
  let held = 0;
  /** The length of the frame being read, once its head has come. */
  let expected: number | undefined;
  let stopped = false;
  /** The next `count` bytes (joined once per frame, not once per chunk). */
  const take = (count: number): Buffer => {
    const joined = pending.length === 1 ? pending[0]! : Buffer.concat(pending, held);
    const rest = joined.subarray(count);
    pending = rest.length ? [rest] : [];
    held = rest.length;
    return joined.subarray(0, count);
  };
  const stop = (bytes: number) => {
    stopped = true;
    pending = [];
    held = 0;
    stream.pause();
    onOversize(bytes);
  };
  stream.on('data', (chunk: Buffer) => {
    if (stopped) return;
    pending.push(chunk);
    held += chunk.length;
    for (;;) {
      if (expected === undefined) {
        if (held < 4) return;
        expected = take(4).readUInt32BE(0);
        if (expected > maxBytes) return stop(expected);
      }
      if (held < expected) return;
      const length = expected;
      expected = undefined;
      let message: unknown;
      try {
        message = deserialize(take(length));
      } catch {
        return stop(length);
      }
      onMessage(message, length);
      if (stopped) return;
    }
  });
}
