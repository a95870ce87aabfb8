import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type FileKind, MAX_UPLOAD_BYTES, safeFileName, sniffFile } from '../../platform/uploads/sniff.ts';
import { credentialKey, privateStorageOf } from './files.ts';

/** SPEC.md §5 "Qualification files: doc, docx, pdf, jpg, jpeg, png". */
export const CREDENTIAL_KINDS: readonly FileKind[] = ['pdf', 'doc', 'docx', 'jpg', 'png'];

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/**
 * Reads a multipart form: text fields and the files of `fileFields`. The parser's limit is 10 MB
 * + 1 byte per file, so a bigger file is cut off and answered 413 "File too large".
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileFields: readonly string[],
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (bytes.length > MAX_UPLOAD_BYTES || part.file.truncated) throw new AppError('FILE_TOO_LARGE');
      if (!fileFields.includes(part.fieldname)) continue;
      if (bytes.length === 0) continue;
      files.push({ filename: safeFileName(part.filename ?? ''), bytes });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('PAYLOAD_TOO_LARGE');
    throw error;
  }
  return { fields, files };
}

export interface StoredUpload {
  storageKey: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
}

/** Checks every file by content first (nothing is stored when one is refused), then stores them privately. */
export async function storeCredentialFiles(
  deps: Pick<AppDeps, 'config' | 'privateStorage'>,
  area: 'qualifications' | 'insurance',
  files: readonly UploadedFile[],
): Promise<StoredUpload[]> {
  if (files.length === 0) throw new AppError('FILE_REQUIRED');
  const checked = [];
  for (const file of files) {
    if (file.bytes.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE');
    const kind = await sniffFile(file.bytes, CREDENTIAL_KINDS);
    if (!kind) throw new AppError('UNSUPPORTED_FILE_TYPE');
    checked.push({ file, kind });
  }
  const storage = privateStorageOf(deps);
  const stored: StoredUpload[] = [];
  try {
    for (const { file, kind } of checked) {
      const storageKey = credentialKey(area, kind.extension);
      await storage.put(storageKey, file.bytes, { contentType: kind.contentType });
      stored.push({
        storageKey,
        filename: withExtension(file.filename, kind.extension),
        contentType: kind.contentType,
        sizeBytes: file.bytes.length,
      });
    }
  } catch (error) {
    await removeStoredFiles(
      deps,
      stored.map((file) => file.storageKey),
    );
    throw error;
  }
  return stored;
}

/** The display name keeps the provider's words but always ends in the real type's extension. */
function withExtension(filename: string, extension: string): string {
  const lower = filename.toLowerCase();
  if (lower.endsWith(`.${extension}`) || (extension === 'jpg' && lower.endsWith('.jpeg'))) return filename;
  return safeFileName(`${filename}.${extension}`);
}

/** Deletes files; a failure only leaves an orphan, never fails the request. */
export async function removeStoredFiles(
  deps: Pick<AppDeps, 'config' | 'privateStorage'>,
  keys: readonly string[],
): Promise<void> {
  const storage = privateStorageOf(deps);
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
}
