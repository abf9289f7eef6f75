let cachedSecond = Number.NaN;
let cachedPrefix = '';

/** `new Date(ms).toISOString()`, reusing the formatted date and time of the last second seen (hot path). */
export function isoTime(ms: number = Date.now()): string {
  const second = Math.floor(ms / 1000);
  if (second !== cachedSecond) {
    cachedSecond = second;
    cachedPrefix = new Date(second * 1000).toISOString().slice(0, 20);
  }
  const millis = ms - second * 1000;
  return `${cachedPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${Math.floor(millis)}Z`;
}
