import type { ReactNode } from 'react';

// A tiny renderer for the legal texts in assets/legal: '#'/'##' headings, '- ' lists, paragraphs
// (lines inside a paragraph keep their breaks), **bold** and `code`. Enough for those texts, nothing more.

function inline(text: string, key: string): ReactNode[] {
  return text
    .split(/(\*\*[^*]+\*\*|`[^`]+`)/g)
    .map((part, i) =>
      part.startsWith('**') && part.endsWith('**') ? (
        <strong key={`${key}-${i}`}>{part.slice(2, -2)}</strong>
      ) : part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
        <code key={`${key}-${i}`}>{part.slice(1, -1)}</code>
      ) : (
        part
      ),
    );
}

function lines(text: string[], key: string): ReactNode[] {
  const out: ReactNode[] = [];
  text.forEach((l, i) => {
    if (i > 0) out.push(<br key={`${key}-br${i}`} />);
    out.push(...inline(l, `${key}-${i}`));
  });
  return out;
}

export function renderMarkdown(src: string): ReactNode[] {
  const blocks: ReactNode[] = [];
  const rows = src.replace(/\r\n/g, '\n').split('\n');
  let para: string[] = [];
  let list: string[] = [];
  const flush = () => {
    const k = `b${blocks.length}`;
    if (para.length) blocks.push(<p key={k}>{lines(para, k)}</p>);
    else if (list.length)
      blocks.push(
        <ul key={k}>
          {list.map((li, i) => (
            <li key={i}>{inline(li, `${k}-${i}`)}</li>
          ))}
        </ul>,
      );
    para = [];
    list = [];
  };
  for (const raw of rows) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      flush();
      continue;
    }
    const h = /^(#{1,3})\s+(.*)$/.exec(line);
    if (h) {
      flush();
      const k = `b${blocks.length}`;
      const level = h[1]!.length;
      blocks.push(level === 1 ? <h1 key={k}>{h[2]}</h1> : level === 2 ? <h2 key={k}>{h[2]}</h2> : <h3 key={k}>{h[2]}</h3>);
      continue;
    }
    const li = /^[-*]\s+(.*)$/.exec(line);
    if (li) {
      if (para.length) flush();
      list.push(li[1]!);
      continue;
    }
    if (list.length) flush();
    para.push(line.trim());
  }
  flush();
  return blocks;
}
