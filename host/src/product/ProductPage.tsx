import { PRODUCT_NAME, PRODUCT_PAGE_PART_PROPS } from '@tshirt/shared';
import { useDocumentTitle } from '../pages/useDocumentTitle';
import { RemoteSlot } from '../remote-loading/RemoteSlot';
import { useSiteConfig } from '../site-config/SiteConfigContext';
import { ProductDescription } from './ProductDescription';
import styles from './ProductPage.module.css';

/**
 * The product page: the shell's title, price and description around the designer's parts and the
 * checkout part. One column in portrait; in landscape the preview stays beside the choices. The
 * shirt colour's swatches sit under the shirt, so a colour is picked with the shirt in view.
 */
export function ProductPage() {
  useDocumentTitle(PRODUCT_NAME);
  const { unitPrice } = useSiteConfig();
  return (
    <article className={styles.product} aria-labelledby="product-heading">
      <header className={styles.header}>
        <p className={styles.eyebrow}>Design your own</p>
        <h1 id="product-heading" className={styles.title}>
          {PRODUCT_NAME}
        </h1>
        <p className={styles.price}>{unitPrice}</p>
      </header>
      <div className={styles.preview}>
        <div className={styles.previewInView}>
          <RemoteSlot
            remote="designer"
            module="ShirtPreview"
            props={PRODUCT_PAGE_PART_PROPS.designer.ShirtPreview}
            className={styles.previewSlot}
          />
          <RemoteSlot
            remote="checkout"
            module="ShirtColorSwatches"
            props={PRODUCT_PAGE_PART_PROPS.checkout.ShirtColorSwatches}
            className={styles.swatchesSlot}
          />
        </div>
      </div>
      <RemoteSlot
        remote="designer"
        module="ArtForm"
        props={PRODUCT_PAGE_PART_PROPS.designer.ArtForm}
        className={styles.artFormSlot}
      />
      <RemoteSlot
        remote="designer"
        module="DesignGallery"
        props={PRODUCT_PAGE_PART_PROPS.designer.DesignGallery}
        className={styles.gallerySlot}
      />
      <RemoteSlot
        remote="checkout"
        module="CheckoutPanel"
        props={PRODUCT_PAGE_PART_PROPS.checkout.CheckoutPanel}
        className={styles.checkoutSlot}
      />
      <ProductDescription className={styles.description} />
    </article>
  );
}
