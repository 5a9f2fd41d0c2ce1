import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type MouseEvent,
} from 'react';
import { useLocation } from 'react-router-dom';
import {
  ORDER_TEXT,
  SHIP_TO_FIELD_LABELS,
  correctOrderAddress,
  isBlankOnceCleaned,
  type OrderView,
  type ShipTo,
} from '@tshirt/shared';
import { countryName } from '../order-summary/countryName';
import layout from '../order-summary/orderPage.module.css';
import styles from './AddressCorrection.module.css';

/** The section the order emails link to (`…#address`). */
export const ADDRESS_SECTION_ID = 'address';

/** Above the list of refused fields, as on the test payment page. */
export const CHECK_THESE_FIELDS = 'Please check these fields';

type AddressField = keyof ShipTo;
type AddressForm = Record<AddressField, string>;
type AddressErrors = Partial<Record<AddressField, string>>;

interface FieldSpec {
  name: AddressField;
  autoComplete: string;
  /** The message when it is left empty (the test payment page's words); absent when optional. */
  whenMissing?: string;
  /** As ShippingDetailsSchema bounds it; the server refuses longer. */
  maxLength?: number;
  typing?: Pick<InputHTMLAttributes<HTMLInputElement>, 'spellCheck' | 'autoCapitalize'>;
}

/** The form's fields, in page order (the error summary lists them in the same order). */
const FIELDS: readonly FieldSpec[] = [
  {
    name: 'name',
    autoComplete: 'shipping name',
    whenMissing: 'Enter your full name',
    maxLength: 100,
    typing: { spellCheck: false },
  },
  {
    name: 'line1',
    autoComplete: 'shipping address-line1',
    whenMissing: 'Enter the first line of your address',
    maxLength: 100,
  },
  { name: 'line2', autoComplete: 'shipping address-line2', maxLength: 100 },
  {
    name: 'city',
    autoComplete: 'shipping address-level2',
    whenMissing: 'Enter your town or city',
    maxLength: 60,
  },
  { name: 'state', autoComplete: 'shipping address-level1', maxLength: 60 },
  {
    name: 'postalCode',
    autoComplete: 'shipping postal-code',
    whenMissing: 'Enter the ZIP or postal code',
    maxLength: 20,
    typing: { spellCheck: false, autoCapitalize: 'characters' },
  },
  { name: 'country', autoComplete: 'shipping country', whenMissing: 'Choose a country we ship to' },
];

function formFrom(shipTo: ShipTo | null, countries: readonly string[]): AddressForm {
  const country = shipTo && countries.includes(shipTo.country) ? shipTo.country : '';
  return {
    name: shipTo?.name ?? '',
    line1: shipTo?.line1 ?? '',
    line2: shipTo?.line2 ?? '',
    city: shipTo?.city ?? '',
    state: shipTo?.state ?? '',
    postalCode: shipTo?.postalCode ?? '',
    country,
  };
}

function trimmed(form: AddressForm): ShipTo {
  const address = { ...form };
  for (const { name } of FIELDS) address[name] = form[name].trim();
  return address;
}

/** Fields left empty, by the store's text rule: one of only zero-width spaces is empty too. */
function missingFields(address: ShipTo): AddressErrors {
  const errors: AddressErrors = {};
  for (const { name, whenMissing } of FIELDS) {
    if (whenMissing !== undefined && isBlankOnceCleaned(address[name])) errors[name] = whenMissing;
  }
  return errors;
}

/** The server's refusals for the fields this form has (any others it cannot point to). */
function refusedFields(fields: Record<string, string> | undefined): AddressErrors {
  const errors: AddressErrors = {};
  for (const { name } of FIELDS) {
    const message = fields?.[name];
    if (message) errors[name] = message;
  }
  return errors;
}

function focusField(form: HTMLFormElement | null, name: AddressField) {
  const control = form?.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}

const firstInvalid = (errors: AddressErrors) => FIELDS.find(({ name }) => errors[name])?.name;

interface AddressCorrectionProps {
  /** The order page's secret (`?token=`), which the correction is sent with. */
  token: string;
  shipTo: ShipTo | null;
  /** The countries the corrected address may be in (two-letter codes). */
  countries: readonly string[];
  /** Called with the order as the store answered it once the new address is taken. */
  onCorrected: (order: OrderView) => void;
}

/**
 * The shipping address of an order the print shop could not ship, to correct and send again:
 * checked for empty fields here, then by the store, whose refusals are shown beside their fields.
 */
export function AddressCorrection({
  token,
  shipTo,
  countries,
  onCorrected,
}: AddressCorrectionProps) {
  const headingId = useId();
  const fieldIdBase = useId();
  const { hash } = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const sendingRef = useRef<AbortController | null>(null);
  const [values, setValues] = useState(() => formFrom(shipTo, countries));
  const [errors, setErrors] = useState<AddressErrors>({});
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  /** Where focus goes once the messages are on screen (a new object each time, to move it again). */
  const [focusRequest, setFocusRequest] = useState<{ target: AddressField | 'summary' }>();

  const fieldId = (name: AddressField) => `${fieldIdBase}-${name}`;
  const errorId = (name: AddressField) => `${fieldId(name)}-error`;

  useEffect(() => {
    if (hash === `#${ADDRESS_SECTION_ID}`) headingRef.current?.focus();
  }, [hash]);

  useEffect(() => {
    if (focusRequest === undefined) return;
    if (focusRequest.target === 'summary') summaryRef.current?.focus();
    else focusField(formRef.current, focusRequest.target);
  }, [focusRequest]);

  // Leaving the page (or the order moving on) drops the answer of a correction under way.
  useEffect(() => () => sendingRef.current?.abort(), []);

  const showRefusals = (refused: AddressErrors) => {
    setErrors(refused);
    const first = firstInvalid(refused);
    if (first !== undefined) setFocusRequest({ target: first });
  };

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const address = trimmed(values);
    const missing = missingFields(address);
    setFailure(undefined);
    if (firstInvalid(missing) !== undefined) {
      showRefusals(missing);
      return;
    }
    setErrors({});
    setSending(true);
    const controller = new AbortController();
    sendingRef.current = controller;
    const result = await correctOrderAddress(token, address, { signal: controller.signal });
    if (controller.signal.aborted) return;
    setSending(false);
    if (result.kind === 'ok') {
      onCorrected(result.order);
      return;
    }
    const refused = refusedFields(result.error.fields);
    if (firstInvalid(refused) !== undefined) showRefusals(refused);
    else {
      setFailure(result.error.message);
      setFocusRequest({ target: 'summary' });
    }
  };

  const summaryLink = (name: AddressField) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    focusField(formRef.current, name);
  };

  const refused = FIELDS.filter(({ name }) => errors[name] !== undefined);

  return (
    <section
      id={ADDRESS_SECTION_ID}
      className={`${layout.panel} ${styles.section}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading}>
        {ORDER_TEXT.correctAddress}
      </h2>
      {(refused.length > 0 || failure !== undefined) && (
        <div ref={summaryRef} role="alert" tabIndex={-1} className={styles.summary}>
          {refused.length > 0 ? (
            <>
              <p className={styles.summaryTitle}>{CHECK_THESE_FIELDS}</p>
              <ul className={styles.summaryList}>
                {refused.map(({ name }) => (
                  <li key={name}>
                    <a href={`#${fieldId(name)}`} onClick={summaryLink(name)}>
                      {errors[name]}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className={styles.summaryTitle}>{failure}</p>
          )}
        </div>
      )}
      <form ref={formRef} className={styles.form} noValidate onSubmit={(event) => void send(event)}>
        {FIELDS.map((field) => {
          const { name } = field;
          const error = errors[name];
          const common = {
            id: fieldId(name),
            name,
            autoComplete: field.autoComplete,
            required: field.whenMissing !== undefined,
            value: values[name],
            'aria-invalid': error !== undefined ? true : undefined,
            'aria-describedby': error !== undefined ? errorId(name) : undefined,
            className: styles.control,
          };
          const change = (value: string) => setValues((form) => ({ ...form, [name]: value }));
          return (
            <div key={name} className={styles.field} data-field={name}>
              <label htmlFor={fieldId(name)} className={styles.label}>
                {SHIP_TO_FIELD_LABELS[name]}
              </label>
              {error !== undefined && (
                <p id={errorId(name)} className={styles.error}>
                  <span className="visually-hidden">Error:</span> {error}
                </p>
              )}
              {name === 'country' ? (
                <select {...common} onChange={(event) => change(event.target.value)}>
                  {values.country === '' && <option value="">Choose a country</option>}
                  {countries.map((code) => (
                    <option key={code} value={code}>
                      {countryName(code)}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...common}
                  {...field.typing}
                  type="text"
                  maxLength={field.maxLength}
                  onChange={(event) => change(event.target.value)}
                />
              )}
            </div>
          );
        })}
        <div className={styles.actions}>
          <button type="submit" className={styles.submit} disabled={sending}>
            {sending ? ORDER_TEXT.savingAddress : ORDER_TEXT.saveAddress}
          </button>
        </div>
      </form>
    </section>
  );
}
