/**
 * The welcome-modal cookie (spec sections 2 and 9): set when someone joins (or an admin starts test-user mode),
 * it makes /account open the welcome modal on the next visit; it lasts 30 days and is cleared once the modal is done.
 */

const WELCOME_MODAL_COOKIE = 'showWelcomeModal';
const WELCOME_MODAL_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

export function setWelcomeModalFlag(): void {
  document.cookie = `${WELCOME_MODAL_COOKIE}=true; Max-Age=${WELCOME_MODAL_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
}

export function hasWelcomeModalFlag(): boolean {
  return document.cookie.split(';').some((cookie) => cookie.trim() === `${WELCOME_MODAL_COOKIE}=true`);
}

export function clearWelcomeModalFlag(): void {
  document.cookie = `${WELCOME_MODAL_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
