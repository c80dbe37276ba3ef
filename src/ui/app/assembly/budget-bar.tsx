/** The tokens the assembled context uses against the budget available to it. */
export function BudgetBar({ used, available, share }: { used: number; available: number; share: number }) {
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
        aria-valuetext={`${used} of ${available} tokens`}
      >
        <div class="fill" style={{ width: `${percent}%` }} />
      </div>
      <span>
        {used} of {available} tokens ({percent}%)
      </span>
    </div>
  );
}
