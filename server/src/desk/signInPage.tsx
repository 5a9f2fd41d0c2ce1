/** The desk's door: the sign-in form, and the page of a store that has no owner token. */
import { Flash, renderDeskPage, type DeskFrame } from './deskLayout';
import { DESK_PATHS } from './deskPaths';

export interface SignInState {
  /** Why the last try failed (a wrong token). */
  error?: string;
  /** Said once the owner signed out. */
  notice?: string;
  /** The desk page to open once signed in (a link from the owner's email). */
  next?: string;
}

export function signInPage(frame: DeskFrame, state: SignInState = {}): string {
  const message = state.error ?? state.notice;
  return renderDeskPage({
    ...frame,
    title: state.error ? 'Error: Sign in' : 'Sign in',
    signedIn: false,
    children: (
      <div className="narrow">
        <h1>Sign in to the owner’s desk</h1>
        {message && (
          <Flash kind={state.error ? 'error' : 'success'}>
            <p>{message}</p>
          </Flash>
        )}
        <form className="card" method="post" action={DESK_PATHS.signIn}>
          <div className="field">
            <label htmlFor="owner-token">Owner token</label>
            <input
              type="password"
              id="owner-token"
              name="token"
              required
              autoComplete="current-password"
              spellCheck={false}
              autoCapitalize="off"
              {...(state.error && { 'aria-invalid': true, autoFocus: true })}
            />
          </div>
          {state.next && <input type="hidden" name="next" defaultValue={state.next} />}
          <button type="submit">Sign in</button>
        </form>
        {state.next && (
          // A link from another site (webmail) brings no SameSite=Strict cookie; one from this page does.
          <p>
            Signed in already on this browser? <a href={state.next}>Open the order</a>.
          </p>
        )}
        <p className="note">
          The token is the store’s <code>ADMIN_TOKEN</code> or, when none is set, the{' '}
          <code>adminToken</code> the store wrote to <code>DATA_DIR/server-instance.json</code>. You
          stay signed in on this browser for 8 hours.
        </p>
      </div>
    ),
  });
}

/** `/admin` of a store started with no owner token: there is no way in, and it says how to make one. */
export function deskClosedPage(frame: DeskFrame): string {
  return renderDeskPage({
    ...frame,
    title: 'The owner’s desk is off',
    signedIn: false,
    children: (
      <div className="narrow">
        <h1>The owner’s desk is off</h1>
        <p>This store was started without an owner token, so nobody can sign in here.</p>
        <p>
          Set <code>ADMIN_TOKEN</code> (16 characters or more) in the server’s environment and
          restart it.
        </p>
      </div>
    ),
  });
}

/** An error on a desk page (a refused request, too many tries, no such order), in plain words. */
export function deskErrorPage(
  frame: DeskFrame,
  heading: string,
  message: string,
  signedIn: boolean,
): string {
  return renderDeskPage({
    ...frame,
    title: heading,
    signedIn,
    children: (
      <>
        <h1>{heading}</h1>
        <Flash kind="error">
          <p>{message}</p>
        </Flash>
        <p>
          <a href={DESK_PATHS.desk}>Back to the orders</a>
        </p>
      </>
    ),
  });
}
