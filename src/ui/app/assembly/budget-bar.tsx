/**
 * The tokens the assembled context uses, as the share of its budget the assembly reported (`budget_used`:
 * the request's token budget when it gave one, else the configured available tokens).
 */
export function BudgetBar({ used, share, configured }: { used: number; share: number; configured: number }) {
  const percent = Math.min(100, Math.round(share * 1000) / 10);
  return (
    <div class="budget">
      <div
        class="bar"
        role="meter"
        aria-label="Token budget used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${used} tokens, ${percent}% of the budget`}
      >
        <div class="fill" style={{ width: `${percent}%` }} />
      </div>
      <span>
        {used} tokens · {percent}% of the budget <span class="muted">(configured: {configured} tokens available)</span>
      </span>
    </div>
  );
}
