/** Spec section 9: tooltips open after 700 ms. */
export const TOOLTIP_DELAY_MS = 700;
