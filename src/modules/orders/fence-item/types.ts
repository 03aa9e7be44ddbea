/**
 * The fence item as the engine reads it (docs/domain.md#fence-item names). Every field may be missing while the
 * office types: the engine computes what it can and the validation says what is missing. Lengths
 * are mm, money is Kč (at most two decimals), amounts have at most three decimals.
 */
import type {
  DistancingType,
  DoorHandleType,
  DriveOpening,
  GateOpeningType,
  HingeType,
  LockType,
  OpeningType,
  ProductType,
  ReinforcementPostType,
  WheelsType,
  WingRelation,
} from "./constants";

type Maybe<T> = T | null | undefined;

export interface FenceItemFields {
  productType?: Maybe<ProductType>;
  /** Product id (the chosen base product). */
  product?: Maybe<number>;
  color?: Maybe<string>;
  height?: Maybe<number>;
  length?: Maybe<number>;
  amount?: Maybe<number>;
  /** Kč per m² without VAT. */
  m2price?: Maybe<number>;
  spacerHeight?: Maybe<number>;
  spacerHeightAlt?: Maybe<number>;
  actualSlatCount?: Maybe<number>;
  actualSlatCountAlt?: Maybe<number>;
  distancingType?: Maybe<DistancingType>;
  distanceFromGround?: Maybe<number>;
  distanceFromTop?: Maybe<number>;
  openingSize?: Maybe<number>;
  driveMountSize?: Maybe<number>;
  driveMountPosition?: Maybe<number>;
  lockType?: Maybe<LockType>;
  wheelsType?: Maybe<WheelsType>;
  openingType?: Maybe<OpeningType>;
  totalGateLength?: Maybe<number>;
  doorHandleInner?: Maybe<DoorHandleType>;
  doorHandleOuter?: Maybe<DoorHandleType>;
  doorHandleHeight?: Maybe<number>;
  hingeType?: Maybe<HingeType>;
  hingeWidth?: Maybe<number>;
  reinforcementPost?: Maybe<boolean>;
  reinforcementPostType?: Maybe<ReinforcementPostType>;
  gateOpeningType?: Maybe<GateOpeningType>;
  gateDropRod?: Maybe<boolean>;
  gateDropRodLength?: Maybe<number>;
  wicketPartWidth?: Maybe<number>;
  solidPartWidth?: Maybe<number>;
  driveOpening?: Maybe<DriveOpening>;
  wingRelation?: Maybe<WingRelation>;
  fieldCount?: Maybe<number>;
}

/** One thing subtracted from a height or a width: a parameter key or an item field, how many, how big. */
export interface Deduction {
  /** A parameter key (`topBar`, `post`…) or an item field (`distanceFromGround`, `hingeWidth`…). */
  source: string;
  count: number;
  /** mm, one of them. */
  size: number;
  /** mm, count × size. */
  total: number;
}

/** A validation finding on one field: an i18n key and its parameters. */
export interface FieldIssue {
  field: string;
  message: string;
  params?: Record<string, string | number>;
}
