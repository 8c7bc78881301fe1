/**
 * Where a member whom the club requires to have two factors (an admin or a treasurer without
 * them) is sent after signing in: the Account page's two-factor card.
 */
export const TWO_FACTOR_SETUP_PATH = "/account?setup=two-factor";
