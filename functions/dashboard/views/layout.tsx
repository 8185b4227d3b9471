/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';
import { raw } from 'hono/html';
import { CSRF_FIELD } from '../csrf';
import { href, type Frame } from './frame';

const SECTIONS: { id: Frame['section']; label: string; path: string }[] = [
  { id: 'keys', label: 'API keys', path: '/keys' },
  { id: 'webhooks', label: 'Webhooks', path: '/webhooks' },
  { id: 'deliveries', label: 'Delivery log', path: '/deliveries' },
  { id: 'usage', label: 'Usage', path: '/usage' },
];

export function Document(props: { base: string; title: string; children: Child }) {
  return (
    <>
      {raw('<!DOCTYPE html>')}
      <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · Skin analysis dashboard`}</title>
        <link rel="stylesheet" href={`${props.base}/dashboard/assets/dashboard.css`} />
        <script src={`${props.base}/dashboard/assets/dashboard.js`} defer></script>
      </head>
      <body>{props.children}</body>
      </html>
    </>
  );
}

/** A hidden CSRF field and a POST form. */
export function PostForm(props: { action: string; csrf: string; class?: string; children: Child }) {
  return (
    <form method="post" action={props.action} class={props.class}>
      <input type="hidden" name={CSRF_FIELD} value={props.csrf} />
      {props.children}
    </form>
  );
}

/** Signed-in pages: header with the sections, the environment switch and sign-out. */
export function Layout(props: { frame: Frame; title: string; children: Child }) {
  const { frame } = props;
  const section = SECTIONS.find((s) => s.id === frame.section)!;
  return (
    <Document base={frame.base} title={props.title}>
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <div class="brand">
          <span class="logo" aria-hidden="true">◐</span> Skin analysis
        </div>
        <nav aria-label="Sections">
          <ul>
            {SECTIONS.map((s) => (
              <li>
                <a href={href(frame, s.path)} aria-current={s.id === frame.section ? 'page' : undefined}>
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="who">
          <span>
            {frame.account.name} · <span class="plan">{frame.account.plan}</span>
          </span>
          <PostForm action={`${frame.base}/dashboard/sign-out`} csrf={frame.csrf} class="inline">
            <button type="submit" class="link">Sign out</button>
          </PostForm>
        </div>
      </header>
      <div class="envbar" role="group" aria-label="Environment">
        <span>Environment:</span>
        <a href={href({ ...frame, environment: 'test' }, section.path)} aria-current={frame.environment === 'test' ? 'true' : undefined}>
          Test
        </a>
        {frame.liveAllowed ? (
          <a href={href({ ...frame, environment: 'live' }, section.path)} aria-current={frame.environment === 'live' ? 'true' : undefined}>
            Live
          </a>
        ) : (
          <span class="muted">Live (needs a plan with live keys)</span>
        )}
      </div>
      <main id="main">
        <h1>{props.title}</h1>
        {frame.notice ? (
          <p class="notice" role="status">
            {frame.notice}
          </p>
        ) : null}
        {props.children}
      </main>
    </Document>
  );
}

/** A confirmation step for a destructive or irreversible action. */
export function ConfirmPage(props: { frame: Frame; title: string; action: string; button: string; danger?: boolean; children: Child; fields?: Child; cancel: string }) {
  return (
    <Layout frame={props.frame} title={props.title}>
      <div class="card">
        {props.children}
        <PostForm action={props.action} csrf={props.frame.csrf}>
          {props.fields ?? null}
          <div class="actions">
            <button type="submit" class={props.danger ? 'danger' : 'primary'}>
              {props.button}
            </button>
            <a href={props.cancel}>Cancel</a>
          </div>
        </PostForm>
      </div>
    </Layout>
  );
}

/** A table's header row: one column heading per name. */
export function ColumnHeads(props: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {props.columns.map((column) => (
          <th scope="col">{column}</th>
        ))}
      </tr>
    </thead>
  );
}

/** One filter of a GET form: a labelled select whose first option (value "") means no filter. */
export function FilterSelect(props: { id: string; name: string; label: string; none: string; options: { value: string; label: string }[]; selected?: string }) {
  return (
    <div>
      <label for={props.id}>{props.label}</label>
      <select id={props.id} name={props.name}>
        <option value="">{props.none}</option>
        {props.options.map((option) => (
          <option value={option.value} selected={props.selected === option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
