/** A local stand-in for a third-party HTTP API: each test sets how it answers (one copy, in tooling/test). */
export {
  startStandIn,
  type RecordedRequest,
  type StandIn,
  type StandInHandler,
} from '@tshirt/tooling/test/standInHttp';
