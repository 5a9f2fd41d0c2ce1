/**
 * The host's page-start script: inline in every page, it runs before the first paint. The host's
 * build compiles it on its own, names from @tshirt/shared/pageStart as literals
 * (tooling/build/pageStartScript.ts), and the server allows it by its hash.
 */
import { askStoreOfferEarly } from './askStoreOfferEarly';
import { holdPartEvents } from './holdPartEvents';
import { loadAfterFirstPaint } from './loadAfterFirstPaint';
import { matchOrientation } from './matchOrientation';

matchOrientation(window);
holdPartEvents(window);
loadAfterFirstPaint(document.currentScript);
askStoreOfferEarly(window);
