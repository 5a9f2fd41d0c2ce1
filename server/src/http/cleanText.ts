/** The server's name for the shared text rule's cleaner (shared/src/text.ts), for free text. */
export { cleanShopperText } from '@tshirt/shared/text';
