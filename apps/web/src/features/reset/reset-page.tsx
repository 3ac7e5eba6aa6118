import type { ResetUserInfo } from '@hearth/contract';
import { useState } from 'react';
import { LoginFooter } from '../auth/login-footer';
import { ChangePasswordStep } from './change-password-step';
import { CodeStep } from './code-step';
import { FindAccountStep } from './find-account-step';
import { ResetHeader } from './reset-header';
import styles from './reset-page.module.css';
import { SendCodeStep } from './send-code-step';

type Step =
  | { step: 0 }
  | { step: 1; account: ResetUserInfo }
  | { step: 2; account: ResetUserInfo; sentMessage: string | null }
  | { step: 3; account: ResetUserInfo };

/** The four-step password reset of spec section 2. */
export function ResetPage() {
  const [state, setState] = useState<Step>({ step: 0 });
  return (
    <div className={styles.page}>
      <ResetHeader />
      <main className={styles.main}>
        {state.step === 0 && (
          <FindAccountStep onFound={(account) => setState({ step: 1, account })} />
        )}
        {state.step === 1 && (
          <SendCodeStep
            account={state.account}
            onNotYou={() => setState({ step: 0 })}
            onSent={(sentMessage) => setState({ step: 2, account: state.account, sentMessage })}
          />
        )}
        {state.step === 2 && (
          <CodeStep
            email={state.account.email}
            sentMessage={state.sentMessage}
            onValid={() => setState({ step: 3, account: state.account })}
          />
        )}
        {state.step === 3 && <ChangePasswordStep email={state.account.email} />}
      </main>
      <LoginFooter />
    </div>
  );
}
