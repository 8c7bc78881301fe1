import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";

/**
 * A .tar stream of files (POSIX ustar, regular files only): enough to hand out a backup, and
 * `tar -xf` unpacks it anywhere. Each entry is read from disk as it is sent.
 */
export interface TarEntry {
  /** The name inside the archive (at most 100 bytes). */
  name: string;
  path: string;
}

const BLOCK = 512;

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`tar: name too long: ${name}`);
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, "0") + "\0";
  block.write(name, 0);
  block.write(octal(0o600, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136);
  block.write(" ".repeat(8), 148);
  block.write("0", 156);
  block.write("ustar\0", 257);
  block.write("00", 263);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  return block;
}

async function* tarChunks(entries: TarEntry[]): AsyncGenerator<Buffer> {
  for (const entry of entries) {
    const info = await stat(entry.path);
    yield header(entry.name, info.size, info.mtime);
    let sent = 0;
    for await (const chunk of createReadStream(entry.path, { end: Math.max(info.size - 1, 0) })) {
      const buffer = chunk as Buffer;
      const part = buffer.subarray(0, Math.min(buffer.length, info.size - sent));
      sent += part.length;
      if (part.length > 0) yield part;
    }
    if (sent !== info.size) throw new Error(`tar: ${entry.path} changed while it was read`);
    const padding = (BLOCK - (info.size % BLOCK)) % BLOCK;
    if (padding > 0) yield Buffer.alloc(padding);
  }
  yield Buffer.alloc(BLOCK * 2);
}

export const tarStream = (entries: TarEntry[]): Readable => Readable.from(tarChunks(entries));
