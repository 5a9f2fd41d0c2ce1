import { emailJobExpirySeconds } from './orderMail';

describe("an email job's expiry", () => {
  // A try that outlasts its job's expiry is failed by pg-boss while it goes on and sends: the job
  // is tried again, and the email sent twice or its job left waiting (seen on a loaded machine,
  // where drawing the confirmation's artwork took seconds and tries ran past 7 s).
  it('outlasts a try that waits out every SMTP time-out and composes the picture', () => {
    for (const timeoutMs of [2_000, 10_000, 30_000]) {
      const smtpSeconds = (3 * timeoutMs) / 1000;
      expect(emailJobExpirySeconds(timeoutMs)).toBeGreaterThanOrEqual(smtpSeconds + 15);
    }
  });
});
