import { useTranslation } from 'react-i18next';
import { Button } from '#app/ui/button';

/**
 * "Move up" / "Move down" / "Remove" for one item of a list the provider orders by keyboard or
 * pointer (no drag). Each button's name starts with its visible words and ends with the item's
 * name, so a screen reader tells the many of them apart; `idPrefix` lets the builder give the
 * focus back to the moved item's button.
 */
export function MoveButtons({
  idPrefix,
  itemName,
  index,
  count,
  onMove,
  onRemove,
}: {
  idPrefix: string;
  itemName: string;
  index: number;
  count: number;
  onMove(delta: -1 | 1): void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        id={`${idPrefix}-up`}
        variant="secondary"
        disabled={index === 0}
        aria-label={`${t('forms.builder.edit.moveUp')}: ${itemName}`}
        onClick={() => onMove(-1)}
      >
        {t('forms.builder.edit.moveUp')}
      </Button>
      <Button
        id={`${idPrefix}-down`}
        variant="secondary"
        disabled={index === count - 1}
        aria-label={`${t('forms.builder.edit.moveDown')}: ${itemName}`}
        onClick={() => onMove(1)}
      >
        {t('forms.builder.edit.moveDown')}
      </Button>
      {onRemove ? (
        <Button
          variant="ghost"
          disabled={count === 1}
          aria-label={`${t('forms.builder.edit.remove')}: ${itemName}`}
          onClick={onRemove}
        >
          {t('forms.builder.edit.remove')}
        </Button>
      ) : null}
    </div>
  );
}
