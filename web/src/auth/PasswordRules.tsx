import { useTranslate } from 'ra-core';
import { checkPasswordRules } from '@portal/contracts';

const RULES = [
  ['minLength', 'reset.ruleMinLength'],
  ['upper', 'reset.ruleUpper'],
  ['lower', 'reset.ruleLower'],
  ['digit', 'reset.ruleDigit'],
] as const;

/** Spec §5 password rules, ticked live as the user types. */
export function PasswordRules({ password, id }: { password: string; id: string }) {
  const translate = useTranslate();
  const result = checkPasswordRules(password);
  return (
    <div id={id}>
      <p style={{ margin: '0 0 4px', fontSize: '0.9rem' }}>{translate('reset.rulesTitle')}</p>
      <ul className="rules" aria-live="polite">
        {RULES.map(([rule, key]) => (
          <li key={rule} className={result[rule] ? 'ok' : ''} data-rule={rule} data-ok={result[rule]}>
            {translate(key)}
            <span className="visually-hidden"> : {translate(result[rule] ? 'reset.ruleMet' : 'reset.ruleNotMet')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
