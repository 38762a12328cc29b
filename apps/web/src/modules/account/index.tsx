/**
 * The account part of the side navigation (spec §2 "Side navigation menu (account part)") and the
 * account dialogs it opens. Placeholder until the accounts issue fills it in; the shell renders
 * <AccountArea /> at the top of its side navigation and nothing else about accounts.
 */
export function AccountArea() {
  return null;
}
