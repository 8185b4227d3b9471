/** @jsxImportSource hono/jsx */
import { CSRF_FIELD } from '../csrf';
import { Document } from './layout';

interface AuthPageProps {
  base: string;
  formToken: string;
  error?: string;
  errorField?: string | null;
  email?: string;
  accountName?: string;
  signUpEnabled?: boolean;
}

function ErrorBox(props: { error?: string }) {
  return props.error ? (
    <p class="error" role="alert" id="form-error">
      {props.error}
    </p>
  ) : null;
}

export function SignInPage(props: AuthPageProps) {
  return (
    <Document base={props.base} title="Sign in">
      <main id="main" class="narrow">
        <h1>Sign in</h1>
        <ErrorBox error={props.error} />
        <form method="post" action={`${props.base}/dashboard/sign-in`} class="card">
          <input type="hidden" name={CSRF_FIELD} value={props.formToken} />
          <label for="email">Email</label>
          <input id="email" name="email" type="email" autocomplete="username" required value={props.email ?? ''} />
          <label for="password">Password</label>
          <input id="password" name="password" type="password" autocomplete="current-password" required />
          <div class="actions">
            <button type="submit" class="primary">Sign in</button>
          </div>
        </form>
        {props.signUpEnabled ? (
          <p>
            No account yet? <a href={`${props.base}/dashboard/sign-up`}>Create a free Sandbox account</a>.
          </p>
        ) : null}
      </main>
    </Document>
  );
}

export function SignUpPage(props: AuthPageProps) {
  const invalid = (field: string) => (props.errorField === field ? { 'aria-invalid': 'true', 'aria-describedby': 'form-error' } : {});
  return (
    <Document base={props.base} title="Create an account">
      <main id="main" class="narrow">
        <h1>Create a Sandbox account</h1>
        <p>Sandbox accounts get test keys (<code>sk_test_…</code>) at once, with no sales contact. Live keys come with a paid plan.</p>
        <ErrorBox error={props.error} />
        {props.signUpEnabled === false ? null : (
          <form method="post" action={`${props.base}/dashboard/sign-up`} class="card">
            <input type="hidden" name={CSRF_FIELD} value={props.formToken} />
            <label for="account_name">Company or project name</label>
            <input id="account_name" name="account_name" type="text" autocomplete="organization" required maxlength={100} value={props.accountName ?? ''} {...invalid('account_name')} />
            <label for="email">Email</label>
            <input id="email" name="email" type="email" autocomplete="username" required value={props.email ?? ''} {...invalid('email')} />
            <label for="password">Password (at least 10 characters)</label>
            <input id="password" name="password" type="password" autocomplete="new-password" required minlength={10} maxlength={200} {...invalid('password')} />
            <div class="actions">
              <button type="submit" class="primary">Create account</button>
            </div>
          </form>
        )}
        <p>
          Already have an account? <a href={`${props.base}/dashboard/sign-in`}>Sign in</a>.
        </p>
      </main>
    </Document>
  );
}

export function ErrorPage(props: { base: string; status: number; heading: string; message: string; signedIn: boolean }) {
  return (
    <Document base={props.base} title={props.heading}>
      <main id="main" class="narrow">
        <h1>{props.heading}</h1>
        <p>{props.message}</p>
        <p>
          <a href={`${props.base}/dashboard${props.signedIn ? '/keys' : '/sign-in'}`}>Back to the dashboard</a>
        </p>
      </main>
    </Document>
  );
}
