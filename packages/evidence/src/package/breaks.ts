// What the verifier reports: one break per thing that does not hold, with a stable code, the
// file it is about and a message for a person.

export type BreakCode =
  | 'zip_unreadable'
  | 'missing_file'
  | 'unlisted_file'
  | 'manifest_unreadable'
  | 'manifest_not_canonical'
  | 'manifest_signature_invalid'
  | 'public_key_unreadable'
  | 'public_key_mismatch'
  | 'public_key_unexpected'
  | 'file_hash_mismatch'
  | 'file_size_mismatch'
  | 'merkle_root_mismatch'
  | 'sha256sums_mismatch'
  | 'sha256sums_incomplete'
  | 'ledger_unreadable'
  | 'ledger_altered'
  | 'ledger_deleted'
  | 'ledger_reordered'
  | 'ledger_broken_link'
  | 'ledger_manifest_mismatch'
  | 'digest_unreadable'
  | 'digest_files_disagree'
  | 'digest_signature_invalid'
  | 'digest_key_mismatch'
  | 'digest_chain_broken'
  | 'digest_root_mismatch'
  | 'rows_not_covered'
  | 'evidence_unreadable'
  | 'evidence_hash_mismatch'
  | 'evidence_not_in_ledger'
  | 'attachment_hash_mismatch'
  | 'oscal_invalid'
  | 'timestamp_invalid'
  | 'previous_unreadable'
  | 'previous_invalid'
  | 'previous_key_mismatch'
  | 'previous_newer'
  | 'previous_not_continued'
  | 'previous_not_referenced';

export type PackageBreak = { code: BreakCode; path?: string; message: string };

/** Collects breaks; `json` parses a file or records why it cannot. */
export class Breaks {
  readonly list: PackageBreak[] = [];

  add(code: BreakCode, message: string, path?: string): void {
    this.list.push(path ? { code, path, message: `${path}: ${message}` } : { code, message });
  }

  json<T>(files: Map<string, Buffer>, path: string, code: BreakCode): T | undefined {
    const data = files.get(path);
    if (!data) return undefined;
    try {
      return JSON.parse(data.toString('utf8')) as T;
    } catch (error) {
      this.add(code, `not JSON (${(error as Error).message})`, path);
      return undefined;
    }
  }
}
