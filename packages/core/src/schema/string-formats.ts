import {
  date,
  IPV6,
  JSON_POINTER,
  JSON_POINTER_URI_FRAGMENT,
  RELATIVE_JSON_POINTER,
  URI_REFERENCE,
  uri,
} from './cfworker-formats.js';

/**
 * ajv-formats' `fullFormats` (MIT, github.com/ajv-validator/ajv-formats), as the CSP-safe validator needs them: the
 * checks where ajv-formats and `@cfworker/json-schema` share code are copied from cfworker (`cfworker-formats.ts`),
 * the rest are ajv-formats' regexes and functions copied here, so a browser bundle carries one copy of each and no
 * ajv-formats. `string-formats.test.ts` holds them to ajv-formats' answers.
 */
export const STRING_FORMATS: Readonly<Record<string, (text: string) => boolean>> = {
  date,
  time: timeCheck(true),
  'date-time': dateTimeCheck(true),
  'iso-time': timeCheck(false),
  'iso-date-time': dateTimeCheck(false),
  duration: test(/^P(?!$)((\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$/),
  uri,
  'uri-reference': test(URI_REFERENCE),
  'uri-template': test(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ajv-formats' own pattern refuses control characters
    /^(?:(?:[^\x00-\x20"'<>%\\^`{|}]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*$/i,
  ),
  url: test(
    /^(?:https?|ftp):\/\/(?:\S+(?::\S*)?@)?(?:(?!(?:10|127)(?:\.\d{1,3}){3})(?!(?:169\.254|192\.168)(?:\.\d{1,3}){2})(?!172\.(?:1[6-9]|2\d|3[0-1])(?:\.\d{1,3}){2})(?:[1-9]\d?|1\d\d|2[01]\d|22[0-3])(?:\.(?:1?\d{1,2}|2[0-4]\d|25[0-5])){2}(?:\.(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4]))|(?:(?:[a-z0-9\u{00a1}-\u{ffff}]+-)*[a-z0-9\u{00a1}-\u{ffff}]+)(?:\.(?:[a-z0-9\u{00a1}-\u{ffff}]+-)*[a-z0-9\u{00a1}-\u{ffff}]+)*(?:\.(?:[a-z\u{00a1}-\u{ffff}]{2,})))(?::\d{2,5})?(?:\/[^\s]*)?$/iu,
  ),
  email: test(
    /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i,
  ),
  hostname: test(
    /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$/i,
  ),
  ipv4: test(/^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/),
  ipv6: test(IPV6),
  regex,
  uuid: test(/^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i),
  'json-pointer': test(JSON_POINTER),
  'json-pointer-uri-fragment': test(JSON_POINTER_URI_FRAGMENT),
  'relative-json-pointer': test(RELATIVE_JSON_POINTER),
  byte: (text) => /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/m.test(text),
  // Hints, not checks.
  password: () => true,
  binary: () => true,
};

/** ajv-formats' number formats: checked on numbers only. */
export const NUMBER_FORMATS: Readonly<Record<string, (value: number) => boolean>> = {
  int32: (value) => Number.isInteger(value) && value <= 2 ** 31 - 1 && value >= -(2 ** 31),
  // Every integer JavaScript holds fits in 64 bits.
  int64: (value) => Number.isInteger(value),
  float: () => true,
  double: () => true,
};

/** The format checks the CSP-safe validator runs: on strings and on numbers. */
export interface FormatChecks {
  readonly string: Readonly<Record<string, (text: string) => boolean>>;
  readonly number: Readonly<Record<string, (value: number) => boolean>>;
}

export const FORMAT_CHECKS: FormatChecks = { string: STRING_FORMATS, number: NUMBER_FORMATS };

function test(pattern: RegExp): (text: string) => boolean {
  return (text) => pattern.test(text);
}

const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;

function timeCheck(strictTimeZone: boolean): (text: string) => boolean {
  return (text) => {
    const matches = TIME.exec(text);
    if (!matches) return false;
    const hour = +matches[1]!;
    const minute = +matches[2]!;
    const second = +matches[3]!;
    const sign = matches[5] === '-' ? -1 : 1;
    const zoneHour = +(matches[6] || 0);
    const zoneMinute = +(matches[7] || 0);
    if (zoneHour > 23 || zoneMinute > 59 || (strictTimeZone && !matches[4])) return false;
    if (hour <= 23 && minute <= 59 && second < 60) return true;
    // A leap second: 23:59:60 in UTC.
    const utcMinute = minute - zoneMinute * sign;
    const utcHour = hour - zoneHour * sign - (utcMinute < 0 ? 1 : 0);
    return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
  };
}

function dateTimeCheck(strictTimeZone: boolean): (text: string) => boolean {
  const time = timeCheck(strictTimeZone);
  return (text) => {
    const parts = text.split(/t|\s/i);
    return parts.length === 2 && date(parts[0]!) && time(parts[1]!);
  };
}

function regex(text: string): boolean {
  if (/[^\\]\\Z/.test(text)) return false;
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}
