import {
  canCorrectAddress,
  decide,
  ORDER_STATES,
  shopperProgress,
  type OrderState,
} from './orderLife';

const SHIP_TO = {
  name: 'Jane Doe',
  line1: '1 Main St',
  line2: '',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
};

const movesFrom = (event: Parameters<typeof decide>[1]) =>
  ORDER_STATES.filter((state) => decide({ state }, event).moves);

describe("an order's life", () => {
  it('keeps the promise of the on-hold and delayed emails: word when the order moves again', () => {
    const email = (state: OrderState, event: Parameters<typeof decide>[1]) => {
      const decision = decide({ state }, event);
      return decision.moves ? decision.email : 'does not move';
    };
    expect(email('on_hold', { type: 'provider_hold_removed' })).toBe('back_in_production');
    expect(email('failed', { type: 'resubmitted', next: 'queued' })).toBe('back_in_production');
    expect(email('cancelled', { type: 'resubmitted', next: 'queued' })).toBe('back_in_production');
    // Nothing was promised: the shopper sent the address, the owner prints it.
    expect(email('problem', { type: 'resubmitted', next: 'queued' })).toBeUndefined();
    expect(email('ready_to_print', { type: 'resubmitted', next: 'queued' })).toBeUndefined();
  });

  it('records a part refunded where the shirt is, and emails its amount', () => {
    expect(movesFrom({ type: 'partly_refunded', reason: 'damaged', amountCents: 500 })).toEqual(
      ORDER_STATES.filter((state) => state !== 'pending' && state !== 'refunded'),
    );
    expect(
      decide(
        { state: 'shipped' },
        { type: 'partly_refunded', reason: 'damaged', amountCents: 500 },
      ),
    ).toEqual({ moves: true, from: 'shipped', to: 'shipped', email: 'partly_refunded' });
  });

  it('keeps a returned order for the owner when its shopper corrects the address', () => {
    expect(movesFrom({ type: 'reprint_requested', shipTo: SHIP_TO })).toEqual(['returned']);
    expect(decide({ state: 'returned' }, { type: 'reprint_requested', shipTo: SHIP_TO })).toEqual({
      moves: true,
      from: 'returned',
      to: 'returned',
      email: undefined,
    });
  });

  it('is paid once, from pending only, and confirms it by email', () => {
    expect(movesFrom({ type: 'paid', next: 'queued' })).toEqual(['pending']);
    expect(decide({ state: 'pending' }, { type: 'paid', next: 'ready_to_print' })).toEqual({
      moves: true,
      from: 'pending',
      to: 'ready_to_print',
      email: 'confirmed',
    });
  });

  it('asks the shopper when the provider refuses the address, and the owner otherwise', () => {
    const refused = (needsShopper: boolean) =>
      decide({ state: 'queued' }, { type: 'submit_failed', reason: 'no', needsShopper });
    expect(refused(true)).toMatchObject({ to: 'problem', email: 'address_needed' });
    expect(refused(false)).toMatchObject({ to: 'failed', email: 'failed' });
  });

  it('is sent again only from a state where the provider has no live order of it', () => {
    expect(movesFrom({ type: 'resubmitted', next: 'queued' })).toEqual<OrderState[]>([
      'ready_to_print',
      'returned',
      'problem',
      'failed',
      'cancelled',
    ]);
  });

  it('takes a corrected address only while it waits for one, or before it is printed without a provider', () => {
    expect(movesFrom({ type: 'address_corrected', next: 'queued', shipTo: SHIP_TO })).toEqual<
      OrderState[]
    >(['ready_to_print', 'returned', 'problem']);
    expect(ORDER_STATES.filter(canCorrectAddress)).toEqual(['returned', 'problem']);
  });

  it("is shipped by the owner's hand only when no provider makes it", () => {
    const tracking = { carrier: 'USPS', number: '9400', url: '' };
    expect(movesFrom({ type: 'shipped_by_hand', tracking })).toEqual(['ready_to_print']);
  });

  it('is taken back by the owner only before it ships, and refunded from any paid state', () => {
    expect(movesFrom({ type: 'cancelled_by_owner', reason: 'asked' })).toEqual<OrderState[]>([
      'ready_to_print',
      'queued',
      'in_production',
      'on_hold',
      'problem',
      'failed',
    ]);
    expect(movesFrom({ type: 'refunded', reason: 'asked' })).toEqual(
      ORDER_STATES.filter((state) => state !== 'pending' && state !== 'refunded'),
    );
  });

  it('sends the confirmation again without moving the order', () => {
    expect(decide({ state: 'in_production' }, { type: 'confirmation_resent' })).toEqual({
      moves: true,
      from: 'in_production',
      to: 'in_production',
      email: 'confirmed',
    });
  });

  it('says why an event that does not fit changes nothing', () => {
    expect(decide({ state: 'refunded' }, { type: 'resubmitted', next: 'queued' })).toEqual({
      moves: false,
      from: 'refunded',
      reason: 'resubmitted does not apply to an order that is refunded',
    });
  });

  it('shows the shopper a paid order as paid until the provider has it', () => {
    expect(ORDER_STATES.map(shopperProgress)).toEqual([
      'awaiting_payment',
      'paid',
      'paid',
      'in_production',
      'on_hold',
      'shipped',
      'delivered',
      'returned',
      'problem',
      'failed',
      'cancelled',
      'refunded',
    ]);
  });
});
