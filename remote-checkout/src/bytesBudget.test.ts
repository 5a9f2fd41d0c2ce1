/**
 * @jest-environment node
 */
import { describeBytesBudget } from '@tshirt/tooling/test/bytesBudget';

describeBytesBudget('remote-checkout');
