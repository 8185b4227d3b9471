/** Builds the multipart POST /v1/scans request a client would send. */
export function scanForm(fields: { image?: Buffer; filename?: string; contentType?: string; markers?: string; user_id?: string }): FormData {
  const form = new FormData();
  if (fields.image) {
    form.append('image', new Blob([new Uint8Array(fields.image)], { type: fields.contentType ?? 'image/jpeg' }), fields.filename ?? 'face.jpg');
  }
  if (fields.markers !== undefined) form.append('markers', fields.markers);
  if (fields.user_id !== undefined) form.append('user_id', fields.user_id);
  return form;
}

export function bearer(key: string, extra: Record<string, string> = {}): Record<string, string> {
  return { Authorization: `Bearer ${key}`, ...extra };
}

export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
