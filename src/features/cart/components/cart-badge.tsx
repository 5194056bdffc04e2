import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import { useCan } from '../../account';
import { cartQuery } from '../api/cart';

/** The cart in the app bar: how many lines it holds, a link to it. Only for people who place orders. */
export function CartBadge() {
  const can = useCan();
  if (!can.op('order.submit')) return null;
  return <CartLink />;
}

function CartLink() {
  const { t } = useTranslation('cart');
  const cart = useQuery(cartQuery());
  const count = cart.data?.lines.length ?? 0;
  const label = t('badge', { count });
  return (
    <IconButton component={RouterLink} to="/cart" aria-label={label} title={label} data-testid="cart-badge" data-count={count}>
      <Badge badgeContent={count} color="primary" max={99}>
        <ShoppingCartOutlinedIcon />
      </Badge>
    </IconButton>
  );
}
