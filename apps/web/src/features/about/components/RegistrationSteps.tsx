import * as Collapsible from '@radix-ui/react-collapsible';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import styles from '../about.module.css';

export interface Step {
  /** Anchor id: /about/artists/registration-process/#judgement opens and scrolls to that step. */
  id: string;
  /** "1", "2", "3" or "*" (SPEC §2 About pages). */
  mark: string;
  title: string;
  caption: string;
  children: ReactNode;
}

/** The collapsible registration steps (Radix Collapsible). The first step starts open. */
export function RegistrationSteps({ steps }: { steps: Step[] }) {
  const { hash } = useLocation();
  const fromHash = () => {
    const id = hash.slice(1);
    return steps.some((s) => s.id === id) ? id : undefined;
  };
  const [open, setOpen] = useState<Set<string>>(() => new Set([fromHash() ?? steps[0]?.id]));

  // A link to a step's anchor opens it (the page scrolls there through useAnchorScroll).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the hash matters here.
  useEffect(() => {
    const id = fromHash();
    if (id) setOpen((prev) => (prev.has(id) ? prev : new Set(prev).add(id)));
  }, [hash]);

  const toggle = (id: string, isOpen: boolean) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (isOpen) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <ol className={styles.steps}>
      {steps.map((step) => (
        <Collapsible.Root key={step.id} asChild open={open.has(step.id)} onOpenChange={(o) => toggle(step.id, o)}>
          <li id={step.id} className={styles.step}>
            <h3 className={styles.stepHeading}>
              <Collapsible.Trigger className={styles.stepTrigger}>
                <span className={step.mark === '*' ? `${styles.stepMark} ${styles.starMark}` : styles.stepMark}>{step.mark}</span>{' '}
                <span className={styles.stepTitle}>
                  {step.title} <span className={styles.stepCaption}>{step.caption}</span>
                </span>
                <span className={styles.chevron} aria-hidden="true" />
              </Collapsible.Trigger>
            </h3>
            <Collapsible.Content className={styles.stepBody}>
              <div className={styles.stepInner}>{step.children}</div>
            </Collapsible.Content>
          </li>
        </Collapsible.Root>
      ))}
    </ol>
  );
}
