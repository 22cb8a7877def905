// Partner-application files: accepted by content, not by name (docs/product/funnel.md#partner-application). A file's name must
// say pdf, doc, docx, jpg, jpeg or png AND its bytes must be that kind of file; anything else is a
// 400 naming the file's form field. Accepted files are kept in storage (local disk or the database) with random names.
import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Storage } from '../../storage/index.ts';
import crypto from 'node:crypto';
import { fileTypeFromFile } from 'file-type';
import { PARTNER_FILE_EXTENSIONS } from '@tm/shared/schemas/funnel';
import { badRequest } from '../../errors.ts';

export interface IncomingFile {
  /** The form field: file_0, file_1, ... */
  field: string;
  originalName: string;
  /** Where the upload middleware wrote it (a temp folder under the upload folder). */
  tempPath: string;
  size: number;
}

export interface CheckedFile extends IncomingFile {
  ext: 'pdf' | 'doc' | 'docx' | 'jpg' | 'png';
  mime: string;
}

export const ACCEPTED_TYPES_TEXT = 'Only PDF, DOC, DOCX, JPG, JPEG and PNG files are accepted.';

const KIND: Record<(typeof PARTNER_FILE_EXTENSIONS)[number], { ext: CheckedFile['ext']; mime: string; label: string }> = {
  pdf: { ext: 'pdf', mime: 'application/pdf', label: 'PDF' },
  doc: { ext: 'doc', mime: 'application/msword', label: 'Word (.doc)' },
  docx: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word (.docx)' },
  jpg: { ext: 'jpg', mime: 'image/jpeg', label: 'JPEG image' },
  jpeg: { ext: 'jpg', mime: 'image/jpeg', label: 'JPEG image' },
  png: { ext: 'png', mime: 'image/png', label: 'PNG image' },
};

export function nameExtension(name: string): string {
  return path.extname(name).slice(1).toLowerCase();
}

export function isAcceptedName(name: string): boolean {
  return (PARTNER_FILE_EXTENSIONS as readonly string[]).includes(nameExtension(name));
}

/** A file name safe to store and show: no folders, no control characters, at most 255 characters. */
export function cleanName(name: string): string {
  const base = path
    .basename(name.replace(/\\/g, '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return (base || 'file').slice(-255);
}

function refuse(field: string, message: string): never {
  throw badRequest(`${field}: ${message}`, { [field]: message });
}

/** A .doc is a Compound File with a "WordDocument" stream (its directory names are UTF-16LE). */
async function isWordCompoundFile(file: string): Promise<boolean> {
  const buf = await fs.readFile(file);
  return buf.includes(Buffer.from('WordDocument', 'utf16le'));
}

export async function checkFile(file: IncomingFile): Promise<CheckedFile> {
  const ext = nameExtension(file.originalName) as keyof typeof KIND;
  const kind = KIND[ext];
  if (!kind) refuse(file.field, `"${cleanName(file.originalName)}" is not an accepted file type. ${ACCEPTED_TYPES_TEXT}`);
  const detected = await fileTypeFromFile(file.tempPath);
  let ok = false;
  if (kind.ext === 'doc') ok = detected?.ext === 'cfb' && (await isWordCompoundFile(file.tempPath));
  else ok = detected?.ext === kind.ext;
  if (!ok) refuse(file.field, `"${cleanName(file.originalName)}" is not a valid ${kind.label} file. ${ACCEPTED_TYPES_TEXT}`);
  return { ...file, ext: kind.ext, mime: kind.mime };
}

/** Stores a checked file as partner-applications/<random>.<ext> (api/src/storage); answers that key. */
export async function storeFile(storage: Storage, file: CheckedFile): Promise<string> {
  const key = `partner-applications/${crypto.randomBytes(16).toString('hex')}.${file.ext}`;
  await storage.put(key, createReadStream(file.tempPath));
  return key;
}

export async function removeQuietly(paths: string[]): Promise<void> {
  await Promise.all(paths.map((p) => fs.rm(p, { force: true }).catch(() => undefined)));
}
