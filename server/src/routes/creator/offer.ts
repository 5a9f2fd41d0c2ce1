/**
 * `GET /creator/offer`: what the store sells and what it costs before payment, from the server's
 * own configuration (price, shipping zones, sales tax) and the print provider's catalog (which
 * shirts it makes). The product page reads it to say what shipping costs before Buy It.
 */
import { UNIT_PRICE_CENTS } from '@tshirt/shared/catalog';
import { STORE_OFFER_PATH } from '@tshirt/shared/apiPaths';
import { StoreOfferSchema, type StoreOffer } from '@tshirt/shared/schemas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { countryName } from '../../payments/countryName';

async function offerRoute(app: FastifyInstance) {
  const { shippingZones, salesTax, currency } = app.appConfig;
  const shipping = shippingZones.map((zone) => ({
    ...zone,
    countries: [...zone.countries],
    // In the store's language, once here, so the page needs no locale data.
    countryNames: zone.countries.map(countryName),
  }));

  app.get(
    STORE_OFFER_PATH,
    { schema: { response: { 200: StoreOfferSchema } } },
    async (_request, reply): Promise<StoreOffer> => {
      // Short: a catalog refresh or a new release of the settings shows within a minute.
      reply.header('cache-control', 'public, max-age=60');
      return {
        currency,
        unitPriceCents: UNIT_PRICE_CENTS,
        shipping,
        salesTax: salesTax.mode,
        unavailable: app.variantAvailability?.unavailable() ?? [],
      };
    },
  );
}

export default fp(offerRoute, { name: 'offer-route', encapsulate: true });
