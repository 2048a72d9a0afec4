/** The QR code of a text as SVG, by uqr (loaded on first use): what the enrolment page and API show for the otpauth URI. */
export async function qrCodeSvg(text: string): Promise<string> {
  const { renderSVG } = await import("uqr")
  return renderSVG(text, { ecc: "M", border: 2 })
}
