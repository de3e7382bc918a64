import { Fragment, type ReactNode } from 'react';

/**
 * A dictionary text given as the parts around its values (names in bold, code): the values go between the
 * parts, in each language's own word order, and each part stays a text the language tests can recognise.
 */
export function Parts({ parts, values }: { parts: readonly string[]; values: readonly ReactNode[] }) {
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < values.length && values[i]}
        </Fragment>
      ))}
    </>
  );
}
