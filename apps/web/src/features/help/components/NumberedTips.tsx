type NumberedTipsProps = { tips: readonly string[] };

export function NumberedTips({ tips }: NumberedTipsProps) {
  return (
    <ol className="space-y-3">
      {tips.map((tip, index) => (
        <li key={tip} className="flex gap-3 text-sm">
          <span
            aria-hidden="true"
            className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
          >
            {index + 1}
          </span>
          <span className="pt-0.5 leading-relaxed">{tip}</span>
        </li>
      ))}
    </ol>
  );
}
