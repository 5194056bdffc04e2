import { useParams } from 'react-router-dom';
import { GoodsDetailView } from '../components/goods-detail';
import { GoodsMissing } from '../components/goods-missing';

/** A product at its own address: /catalogue/goods/:id. */
export function GoodsPage() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <GoodsMissing />;
  return <GoodsDetailView id={id} />;
}
