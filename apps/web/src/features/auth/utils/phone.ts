/** Only the digits of a phone fragment ('+61' -> '61', '412 345-678' -> '412345678'). */
export const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The phone as the server expects it: a leading 0, the country code digits, then the number (spec section 5). */
export function toWirePhone(countryCode: string, number: string): string {
  return `0${digitsOf(countryCode)}${digitsOf(number)}`;
}
