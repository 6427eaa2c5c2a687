import { crc32, deflateRawSync } from 'node:zlib';

/** One file of a zip: its path inside the archive (forward slashes) and its bytes. */
export interface ZipEntry {
  name: string;
  body: Buffer;
}

/** 1980-01-01 00:00 in MS-DOS form, the earliest a zip can hold: every entry carries it, so the same files always zip to the same bytes. */
const DOS_TIME = 0;
// Day 1 in bits 0-4, month 1 in bits 5-8, years since 1980 (0) above.
const DOS_DATE = (1 << 5) | 1;
/** Bit 11: names are UTF-8. */
const UTF8_NAMES = 0x0800;
const STORED = 0;
const DEFLATED = 8;
/** 2.0: deflate and folders, what every unzip reads. */
const VERSION_NEEDED = 20;
const ZIP32_LIMIT = 0xffffffff;

/**
 * A zip archive (PKWARE APPNOTE, no zip64) of the entries in the order given: each deflated unless
 * deflating does not make it smaller (images, fonts), then stored. The updater plugins unzip this
 * on the phone; the archive is deterministic, so its sha256 names one build.
 */
export function writeZip(entries: readonly ZipEntry[]): Buffer {
  if (entries.length > 0xffff) throw new Error('A zip without zip64 holds at most 65,535 files');
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const seen = new Set<string>();
  for (const entry of entries) {
    if (!entry.name || entry.name.startsWith('/') || entry.name.split('/').includes('..') || entry.name.includes('\\'))
      throw new Error(`Not a relative zip path: ${entry.name}`);
    if (seen.has(entry.name)) throw new Error(`Twice in the zip: ${entry.name}`);
    seen.add(entry.name);
    const name = Buffer.from(entry.name, 'utf8');
    const deflated = deflateRawSync(entry.body, { level: 9 });
    const method = deflated.length < entry.body.length ? DEFLATED : STORED;
    const data = method === DEFLATED ? deflated : entry.body;
    const crc = crc32(entry.body);
    if (entry.body.length >= ZIP32_LIMIT || offset + 30 + name.length + data.length >= ZIP32_LIMIT)
      throw new Error('The bundle is too large for a zip without zip64');

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION_NEEDED, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(entry.body.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    // Made by: Unix (3) so the mode below is read; version 2.0.
    central.writeUInt16LE((3 << 8) | VERSION_NEEDED, 4);
    central.writeUInt16LE(VERSION_NEEDED, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(entry.body.length, 24);
    central.writeUInt16LE(name.length, 28);
    // Extra field, comment, disk number, internal attributes: none.
    central.writeUInt16LE(0, 30);
    central.writeUInt16LE(0, 32);
    central.writeUInt16LE(0, 34);
    central.writeUInt16LE(0, 36);
    // External attributes: a regular file, rw-r--r--.
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);

    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0, 4);
  end.writeUInt16LE(0, 6);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(0, 20);
  return Buffer.concat([...locals, directory, end]);
}
