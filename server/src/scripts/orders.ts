/**
 * `npm run orders -w server`: the orders, newest first, with where each one is, where it ships, its
 * print file and what it earned, then the sales of the last days; `… -- resubmit <orderId>` sends an order to the print provider again; `… -- ship`,
 * `resend-confirmation` and `cancel-refund` do what the owner's desk does (through the running
 * server); `… -- outbox` lists the emails written to the outbox folder (with no SMTP_URL).
 */
import { printable } from './printable';
import { parseArguments, UsageError, USAGE, type Command } from './ordersArguments';

async function main() {
  let command: Command;
  try {
    command = parseArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(printable(`orders: ${error.message}`));
    console.error(USAGE);
    process.exit(2);
  }
  if (command.kind === 'outbox') {
    const [{ loadConfig }, { listOutbox }] = await Promise.all([
      import('../config'),
      import('../mail/mailTransport'),
    ]);
    const { mail } = loadConfig(process.env);
    const emails = await listOutbox(mail.outboxDir);
    if (mail.smtpUrl)
      console.log('Emails are sent through SMTP_URL; the outbox folder keeps none.');
    console.log(
      emails.length === 0
        ? `No emails in ${mail.outboxDir}.`
        : [
            `${emails.length} email(s) in ${mail.outboxDir}, newest first:`,
            ...emails.map(
              (email) =>
                `${email.date.toISOString()}  to ${email.to}  ${email.subject}\n  ${email.file}`,
            ),
          ]
            .map(printable)
            .join('\n'),
    );
    return;
  }
  const [
    { formatPrice },
    { openOwnerData },
    { describeState, formatEarnings, formatOrders },
    earnings,
  ] = await Promise.all([
    import('@tshirt/shared/catalog'),
    import('./ownerData'),
    import('./formatOrders'),
    import('../orders/orderEarnings'),
  ]);
  const owner = await openOwnerData();
  try {
    if (command.kind === 'resubmit') {
      const order = await owner.resubmit(command.orderId);
      console.log(printable(`Order ${order.id} resubmitted: ${describeState(order)}`));
    } else if (command.kind === 'ship') {
      const { orderId, carrier, number, url } = command;
      const order = await owner.shipByHand(orderId, { carrier, number, url });
      console.log(printable(`Order ${order.id} shipped by hand: ${describeState(order)}`));
    } else if (command.kind === 'resend-confirmation') {
      const order = await owner.resendConfirmation(command.orderId);
      console.log(
        printable(
          `Order ${order.id}: the confirmation is sent again to ${order.email ?? 'nobody'}`,
        ),
      );
    } else if (command.kind === 'cancel-refund') {
      const order = await owner.cancelAndRefund(command.orderId, command.reason);
      console.log(printable(`Order ${order.id} cancelled and refunded: ${describeState(order)}`));
    } else {
      const orders = await owner.listOrders(command);
      console.log(formatOrders(orders, formatPrice, command.state));
      // The whole listing ends with the sales by day; one state's list is only that list.
      if (command.state === undefined) {
        console.log(formatEarnings(await owner.dailyEarnings(earnings.EARNINGS_DAYS), formatPrice));
      }
    }
  } finally {
    await owner.close();
  }
}

main().catch((error: unknown) => {
  // A configuration error lists its problems one a line.
  const message = error instanceof Error ? error.message : String(error);
  console.error(message.split('\n').map(printable).join('\n'));
  process.exit(1);
});
