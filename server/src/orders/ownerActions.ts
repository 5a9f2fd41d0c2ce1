/**
 * What the owner can do to an order (the desk, the JSON API and the CLI all call these): every
 * action goes through the order's state machine, so an action on an order in the wrong state is a
 * clear refusal that changes nothing, and every one is written to the order's history.
 */
import type { ShipTo } from '@tshirt/shared/types';
import type { Tracking } from './orderLife';
import type { Applied } from './ordersRepository';

/** Why an action was refused, in words for the owner; nothing was changed. */
export class OwnerActionRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'OwnerActionRefused';
  }
}

export interface OwnerActions {
  /** Sends the order to the print provider again (a new provider order when the last one is dead). */
  resubmit(orderId: string): Promise<Applied>;
  /** Corrects where it ships; the order goes on its way again. */
  correctAddress(orderId: string, shipTo: ShipTo): Promise<Applied>;
  /** A ready-to-print order the owner printed and posted: the shopper gets the tracking email. */
  shipByHand(orderId: string, tracking: Tracking): Promise<Applied>;
  /** Writes the confirmation email again (a new Message-ID: it is a new message). */
  resendConfirmation(orderId: string): Promise<Applied>;
  /**
   * Cancels a paid order not yet shipped (at the provider, when it can still cancel) and refunds
   * the shopper through the payment provider exactly once; the shopper is emailed.
   */
  cancelAndRefund(orderId: string, reason: string): Promise<Applied>;
  /**
   * Refunds part of a paid order (a damaged shirt, after shipping too), never more than what
   * remains of its payment; the shopper is emailed the amount.
   */
  refundPart(orderId: string, amountCents: number, reason: string): Promise<Applied>;
}
