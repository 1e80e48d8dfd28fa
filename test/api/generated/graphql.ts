/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar. */
  DateTime: { input: string; output: string; }
  /** An exact decimal stock quantity (at most 3 decimal places), as a JSON number. */
  Quantity: { input: number; output: number; }
};

export type CreateSkuInput = {
  active?: InputMaybe<Scalars['Boolean']['input']>;
  code: Scalars['String']['input'];
  name: Scalars['String']['input'];
  /** Recorded as an opening_balance movement. */
  openingOnHand?: InputMaybe<Scalars['Quantity']['input']>;
};

export type CreateSkuPayload = {
  __typename?: 'CreateSkuPayload';
  sku?: Maybe<Sku>;
  userErrors: Array<UserError>;
};

export type CreateSupplierItemInput = {
  active?: InputMaybe<Scalars['Boolean']['input']>;
  code: Scalars['String']['input'];
  name: Scalars['String']['input'];
  /** Unlinked items only; recorded as an opening_balance movement. */
  openingOnHand?: InputMaybe<Scalars['Quantity']['input']>;
  /** Link to this SKU: the item then shares its stock. */
  skuId?: InputMaybe<Scalars['Int']['input']>;
  supplier: Scalars['String']['input'];
};

export type CreateSupplierItemPayload = {
  __typename?: 'CreateSupplierItemPayload';
  supplierItem?: Maybe<SupplierItem>;
  userErrors: Array<UserError>;
};

/** Stable error codes, shared with the REST API. */
export type ErrorCode =
  /** Code already in use */
  | 'DUPLICATE_CODE'
  /** Duplicate line */
  | 'DUPLICATE_LINE'
  /** Missing scope */
  | 'FORBIDDEN'
  /** Idempotency key in progress */
  | 'IDEMPOTENCY_KEY_IN_PROGRESS'
  /** Idempotency key reused */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** Internal error */
  | 'INTERNAL'
  /** Invalid cursor */
  | 'INVALID_CURSOR'
  /** Invalid date range */
  | 'INVALID_DATE_RANGE'
  /** Invalid parameter */
  | 'INVALID_PARAMETER'
  /** Invalid quantity */
  | 'INVALID_QUANTITY'
  /** Invalid reason */
  | 'INVALID_REASON'
  /** Supplier item is linked to a SKU */
  | 'LINKED_SUPPLIER_ITEM'
  /** Malformed request */
  | 'MALFORMED_REQUEST'
  /** Note required */
  | 'NOTE_REQUIRED'
  /** Not in stock take */
  | 'NOT_IN_STOCK_TAKE'
  /** On hand changed */
  | 'ON_HAND_CHANGED'
  /** Payload too large */
  | 'PAYLOAD_TOO_LARGE'
  /** Too many requests */
  | 'RATE_LIMITED'
  /** No such endpoint */
  | 'ROUTE_NOT_FOUND'
  /** Service unavailable */
  | 'SERVICE_UNAVAILABLE'
  /** SKU not found */
  | 'SKU_NOT_FOUND'
  /** Stock take closed */
  | 'STOCK_TAKE_CLOSED'
  /** Stock take not found */
  | 'STOCK_TAKE_NOT_FOUND'
  /** Stock take overlap */
  | 'STOCK_TAKE_OVERLAP'
  /** Supplier item not found */
  | 'SUPPLIER_ITEM_NOT_FOUND'
  /** Too many lines */
  | 'TOO_MANY_LINES'
  /** Authentication required */
  | 'UNAUTHENTICATED'
  /** Unbounded query */
  | 'UNBOUNDED_QUERY'
  /** Unsupported media type */
  | 'UNSUPPORTED_MEDIA_TYPE'
  /** Window too long */
  | 'WINDOW_TOO_LONG';

export type Mutation = {
  __typename?: 'Mutation';
  /** Creates a SKU; openingOnHand becomes an opening_balance movement. */
  createSku: CreateSkuPayload;
  /** Creates a supplier item, optionally linked to a SKU. */
  createSupplierItem: CreateSupplierItemPayload;
};


export type MutationCreateSkuArgs = {
  input: CreateSkuInput;
};


export type MutationCreateSupplierItemArgs = {
  input: CreateSupplierItemInput;
};

export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
};

export type Query = {
  __typename?: 'Query';
  /** A SKU by id. */
  sku: Sku;
  /** SKUs in id order. */
  skus: SkuConnection;
  /** A supplier item by id. */
  supplierItem: SupplierItem;
  /** Supplier items in id order. */
  supplierItems: SupplierItemConnection;
};


export type QuerySkuArgs = {
  id: Scalars['Int']['input'];
};


export type QuerySkusArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QuerySupplierItemArgs = {
  id: Scalars['Int']['input'];
};


export type QuerySupplierItemsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** A stock keeping unit and its quantity on hand. */
export type Sku = {
  __typename?: 'Sku';
  active: Scalars['Boolean']['output'];
  /** Unique within the account. */
  code: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['Int']['output'];
  name: Scalars['String']['output'];
  onHand: Scalars['Quantity']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type SkuConnection = {
  __typename?: 'SkuConnection';
  edges: Array<SkuEdge>;
  pageInfo: PageInfo;
};

export type SkuEdge = {
  __typename?: 'SkuEdge';
  cursor: Scalars['String']['output'];
  node: Sku;
};

/** A supplier's article. Linked to a SKU, its stock is the SKU's and it is never adjusted directly; unlinked, it holds stock of its own. */
export type SupplierItem = {
  __typename?: 'SupplierItem';
  active: Scalars['Boolean']['output'];
  /** Unique per supplier within the account. */
  code: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['Int']['output'];
  name: Scalars['String']['output'];
  /** The linked SKU's on hand when linked. */
  onHand: Scalars['Quantity']['output'];
  skuId?: Maybe<Scalars['Int']['output']>;
  supplier: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type SupplierItemConnection = {
  __typename?: 'SupplierItemConnection';
  edges: Array<SupplierItemEdge>;
  pageInfo: PageInfo;
};

export type SupplierItemEdge = {
  __typename?: 'SupplierItemEdge';
  cursor: Scalars['String']['output'];
  node: SupplierItem;
};

/** A rule the input broke; nothing was written. */
export type UserError = {
  __typename?: 'UserError';
  code: ErrorCode;
  /** Path to the offending input field. */
  field?: Maybe<Array<Scalars['String']['output']>>;
  message: Scalars['String']['output'];
};

export type CreateSkuInput = {
  active?: boolean | null | undefined;
  code: string;
  name: string;
  /** Recorded as an opening_balance movement. */
  openingOnHand?: number | null | undefined;
};

export type CreateSupplierItemInput = {
  active?: boolean | null | undefined;
  code: string;
  name: string;
  /** Unlinked items only; recorded as an opening_balance movement. */
  openingOnHand?: number | null | undefined;
  /** Link to this SKU: the item then shares its stock. */
  skuId?: number | null | undefined;
  supplier: string;
};

/** Stable error codes, shared with the REST API. */
export type ErrorCode =
  /** Code already in use */
  | 'DUPLICATE_CODE'
  /** Duplicate line */
  | 'DUPLICATE_LINE'
  /** Missing scope */
  | 'FORBIDDEN'
  /** Idempotency key in progress */
  | 'IDEMPOTENCY_KEY_IN_PROGRESS'
  /** Idempotency key reused */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** Internal error */
  | 'INTERNAL'
  /** Invalid cursor */
  | 'INVALID_CURSOR'
  /** Invalid date range */
  | 'INVALID_DATE_RANGE'
  /** Invalid parameter */
  | 'INVALID_PARAMETER'
  /** Invalid quantity */
  | 'INVALID_QUANTITY'
  /** Invalid reason */
  | 'INVALID_REASON'
  /** Supplier item is linked to a SKU */
  | 'LINKED_SUPPLIER_ITEM'
  /** Malformed request */
  | 'MALFORMED_REQUEST'
  /** Note required */
  | 'NOTE_REQUIRED'
  /** Not in stock take */
  | 'NOT_IN_STOCK_TAKE'
  /** On hand changed */
  | 'ON_HAND_CHANGED'
  /** Payload too large */
  | 'PAYLOAD_TOO_LARGE'
  /** Too many requests */
  | 'RATE_LIMITED'
  /** No such endpoint */
  | 'ROUTE_NOT_FOUND'
  /** Service unavailable */
  | 'SERVICE_UNAVAILABLE'
  /** SKU not found */
  | 'SKU_NOT_FOUND'
  /** Stock take closed */
  | 'STOCK_TAKE_CLOSED'
  /** Stock take not found */
  | 'STOCK_TAKE_NOT_FOUND'
  /** Stock take overlap */
  | 'STOCK_TAKE_OVERLAP'
  /** Supplier item not found */
  | 'SUPPLIER_ITEM_NOT_FOUND'
  /** Too many lines */
  | 'TOO_MANY_LINES'
  /** Authentication required */
  | 'UNAUTHENTICATED'
  /** Unbounded query */
  | 'UNBOUNDED_QUERY'
  /** Unsupported media type */
  | 'UNSUPPORTED_MEDIA_TYPE'
  /** Window too long */
  | 'WINDOW_TOO_LONG';

export type SkuFieldsFragment = { id: number, code: string, name: string, onHand: number, active: boolean, createdAt: string, updatedAt: string };

export type SupplierItemFieldsFragment = { id: number, supplier: string, code: string, name: string, onHand: number, skuId: number | null, active: boolean };

export type GetSkuQueryVariables = Exact<{
  id: number;
}>;


export type GetSkuQuery = { sku: { id: number, code: string, name: string, onHand: number, active: boolean, createdAt: string, updatedAt: string } };

export type ListSkusQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListSkusQuery = { skus: { edges: Array<{ cursor: string, node: { id: number, code: string, name: string, onHand: number, active: boolean, createdAt: string, updatedAt: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type GetSupplierItemQueryVariables = Exact<{
  id: number;
}>;


export type GetSupplierItemQuery = { supplierItem: { id: number, supplier: string, code: string, name: string, onHand: number, skuId: number | null, active: boolean } };

export type ListSupplierItemsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListSupplierItemsQuery = { supplierItems: { edges: Array<{ cursor: string, node: { id: number, supplier: string, code: string, name: string, onHand: number, skuId: number | null, active: boolean } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type CreateSkuMutationVariables = Exact<{
  input: CreateSkuInput;
}>;


export type CreateSkuMutation = { createSku: { sku: { id: number, code: string, name: string, onHand: number, active: boolean, createdAt: string, updatedAt: string } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type CreateSupplierItemMutationVariables = Exact<{
  input: CreateSupplierItemInput;
}>;


export type CreateSupplierItemMutation = { createSupplierItem: { supplierItem: { id: number, supplier: string, code: string, name: string, onHand: number, skuId: number | null, active: boolean } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export const SkuFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SkuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Sku"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<SkuFieldsFragment, unknown>;
export const SupplierItemFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierItemFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierItem"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]} as unknown as DocumentNode<SupplierItemFieldsFragment, unknown>;
export const GetSkuDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetSku"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SkuFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SkuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Sku"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<GetSkuQuery, GetSkuQueryVariables>;
export const ListSkusDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListSkus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"skus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SkuFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SkuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Sku"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ListSkusQuery, ListSkusQueryVariables>;
export const GetSupplierItemDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetSupplierItem"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplierItemFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierItemFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierItem"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]} as unknown as DocumentNode<GetSupplierItemQuery, GetSupplierItemQueryVariables>;
export const ListSupplierItemsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListSupplierItems"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplierItems"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplierItemFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierItemFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierItem"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]} as unknown as DocumentNode<ListSupplierItemsQuery, ListSupplierItemsQueryVariables>;
export const CreateSkuDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSku"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSkuInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSku"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SkuFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SkuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Sku"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateSkuMutation, CreateSkuMutationVariables>;
export const CreateSupplierItemDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSupplierItem"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSupplierItemInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSupplierItem"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplierItemFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierItemFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierItem"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]} as unknown as DocumentNode<CreateSupplierItemMutation, CreateSupplierItemMutationVariables>;