// The capture sample: how an app calls the API directly. Read top to bottom; each step is one request.
// The page is served by the local stack, so the API is on this same origin; a page elsewhere needs its
// origin listed first (`npx skin cors add https://your.app`).

const statusLine = document.getElementById('status');
const show = (text) => (statusLine.textContent = text);

// Step 1. Ask your own back end for a client token. Here that is this sample's small endpoint, which calls
// POST /v1/client_tokens with the secret key; a secret key never goes into the page.
const tokenReady = fetch('/samples/capture/token', { method: 'POST' }).then(async (response) => {
  if (!response.ok) throw new Error((await response.json()).detail);
  show('Ready: take or choose a photo.');
  return (await response.json()).token;
});
tokenReady.catch((error) => show(`No token: ${error.message}`));

// Every API call carries the token as the Bearer credential; errors are problem+json with a `detail`.
async function api(token, path, init = {}) {
  const response = await fetch(path, { ...init, headers: { Authorization: `Bearer ${token}`, ...init.headers } });
  if (!response.ok && response.status !== 202) throw new Error((await response.json()).detail);
  return response;
}

document.getElementById('photo').addEventListener('change', async (event) => {
  const photo = event.target.files[0];
  if (!photo) return;
  try {
    const token = await tokenReady;

    // Step 2. Ask for an upload: a presigned POST for exactly this photo's type, valid a few minutes.
    show('Uploading…');
    const contentType = photo.type || 'image/jpeg';
    const upload = await (await api(token, '/v1/uploads', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ content_type: contentType }),
    })).json();

    // Step 3. Send the photo straight to storage: the returned fields first, the file last.
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', photo);
    const stored = await fetch(upload.url, { method: 'POST', body: form });
    if (!stored.ok) throw new Error(`storage refused the photo (${stored.status})`);

    // Step 4. Scan it by its upload id, waiting up to 25 s for the result; a 202 means "poll the scan".
    show('Analysing…');
    let scan = await (await api(token, '/v1/scans', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'wait=25' },
      body: JSON.stringify({ upload_id: upload.upload_id }),
    })).json();
    while (scan.status === 'processing') {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      scan = await (await api(token, `/v1/scans/${scan.scan_id}`)).json();
    }

    // Step 5. Show the scores, and the overlay of the first marker (fetched with the token, shown as a blob).
    document.getElementById('skin-score').textContent = scan.skin_score;
    const list = document.getElementById('markers');
    list.replaceChildren();
    for (const [marker, result] of Object.entries(scan.markers)) {
      const term = document.createElement('dt');
      term.textContent = marker;
      const value = document.createElement('dd');
      value.textContent = `${result.score} (${result.severity})`;
      list.append(term, value);
    }
    const overlay = await (await api(token, `/v1/scans/${scan.scan_id}/overlay`)).blob();
    document.getElementById('overlay').src = URL.createObjectURL(overlay);
    const result = document.getElementById('result');
    result.dataset.scanId = scan.scan_id;
    result.hidden = false;
    show('Done.');
  } catch (error) {
    show(`Something went wrong: ${error.message}`);
  }
});
