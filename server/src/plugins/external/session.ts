/**
 * The owner's session cookie (@fastify/session over @fastify/cookie), registered by the desk's
 * routes for their own context only: HttpOnly, SameSite=Strict, on /admin alone, Secure when the
 * store is served over https, ending after a fixed time however busy the owner is (not rolling),
 * kept in a store every instance shares and signed with a secret every instance derives alike.
 */
import fastifyCookie from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SessionOptions {
  cookieName: string;
  /** At least 32 characters. */
  secret: string;
  path: string;
  secure: boolean;
  maxAgeMs: number;
  store: SessionStore;
}

async function sessionPlugin(app: FastifyInstance, options: SessionOptions) {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    cookieName: options.cookieName,
    secret: options.secret,
    store: options.store,
    // A visitor who has not signed in gets no cookie and no row.
    saveUninitialized: false,
    rolling: false,
    cookie: {
      path: options.path,
      httpOnly: true,
      sameSite: 'strict',
      secure: options.secure,
      maxAge: options.maxAgeMs,
    },
  });
  // @fastify/session restores a stored cookie as ending maxAge from now (rolling or not); it ends
  // when it was given to, which the store hands back as the cookie's original expiry.
  app.addHook('onRequest', async (request) => {
    const cookie = request.session?.cookie as { expires?: Date | null; originalExpires?: Date };
    if (cookie?.originalExpires) cookie.expires = cookie.originalExpires;
  });
}

export default fp(sessionPlugin, { name: 'session' });
