import type { Environment } from '../kernel/tenant';

/** An upload id handed out by POST /v1/uploads, waiting for (or spent on) its scan. */
export interface UploadRecord {
  upload_id: string;
  account_id: string;
  environment: Environment;
  /** The user the upload was made for (always set for client tokens); the scan belongs to this user. */
  user_id: string | null;
  object_key: string;
  content_type: string;
  created_at: string;
  /** ISO time after which the id can no longer start a scan. */
  expires_at: string;
  /** Set once, atomically, when a scan request claims the upload: a second claim is `upload_already_used`. */
  used_at: string | null;
}
