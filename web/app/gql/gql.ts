/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query ProgressByCounter($id: Int!) {\n    stockTake(id: $id) {\n      id\n      progressByCounter {\n        counter\n        lines\n        lastCountedAt\n      }\n    }\n  }\n": typeof types.ProgressByCounterDocument,
    "\n  fragment ReviewLine on StockTakeLine {\n    type\n    id\n    code\n    name\n    location\n    expectedQty\n    countedQty\n    difference\n    differenceValue\n    state\n    autoAccepted\n    movedSinceFreeze\n  }\n": typeof types.ReviewLineFragmentDoc,
    "\n  query LinesByDifference($id: Int!, $order: LineOrder!, $after: String) {\n    stockTake(id: $id) {\n      id\n      lines(order: $order, first: 200, after: $after) {\n        edges {\n          node {\n            ...ReviewLine\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.LinesByDifferenceDocument,
    "\n  fragment Progress_stockTake on StockTake {\n    id\n    summary {\n      lines\n      uncounted\n      accepted\n      applied\n      recountRequested\n    }\n  }\n": typeof types.Progress_StockTakeFragmentDoc,
    "\n  query ProgressByArea($id: Int!) {\n    stockTake(id: $id) {\n      id\n      progressByLocation(depth: 2) {\n        prefix\n        lines\n        counted\n      }\n    }\n  }\n": typeof types.ProgressByAreaDocument,
    "\n  query RecountLines($id: Int!) {\n    stockTake(id: $id) {\n      id\n      lines(recount: true, first: 50) {\n        edges {\n          node {\n            type\n            id\n            code\n            name\n            location\n          }\n        }\n      }\n    }\n  }\n": typeof types.RecountLinesDocument,
    "\n  fragment StockTakeCard_stockTake on StockTake {\n    id\n    reference\n    status\n    blind\n    createdAt\n    reconciledAt\n  }\n": typeof types.StockTakeCard_StockTakeFragmentDoc,
    "\n  subscription FollowProgress($id: Int!) {\n    stockTakeProgress(id: $id) {\n      eventId\n      stockTake {\n        id\n        status\n      }\n    }\n  }\n": typeof types.FollowProgressDocument,
    "\n  query ActiveSites {\n    sites(active: true, first: 100) {\n      edges {\n        node {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.ActiveSitesDocument,
    "\n  query CountScreen($id: Int!) {\n    stockTake(id: $id) {\n      id\n      reference\n      status\n      blind\n      summary {\n        lines\n        recountRequested\n      }\n      ...Progress_stockTake\n    }\n  }\n": typeof types.CountScreenDocument,
    "\n  query DueScreen($siteId: Int) {\n    cycleCountSettings {\n      intervalDaysA\n      intervalDaysB\n      intervalDaysC\n    }\n    dueForCount(siteId: $siteId, first: 100) {\n      skuId\n      code\n      name\n      location\n      countClass\n      daysOverdue\n    }\n  }\n": typeof types.DueScreenDocument,
    "\n  mutation SaveIntervals($input: UpdateCycleCountSettingsInput!) {\n    updateCycleCountSettings(input: $input) {\n      settings {\n        intervalDaysA\n        intervalDaysB\n        intervalDaysC\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.SaveIntervalsDocument,
    "\n  mutation Classify($input: ClassifySkusInput!) {\n    classifySkus(input: $input) {\n      classification {\n        dryRun\n        windowDays\n        classes {\n          countClass\n          skus\n          changed\n        }\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.ClassifyDocument,
    "\n  query Tokens {\n    apiTokens(first: 100) {\n      edges {\n        node {\n          id\n          name\n          scopes\n          createdAt\n          expiresAt\n          revokedAt\n          lastUsedAt\n        }\n      }\n    }\n  }\n": typeof types.TokensDocument,
    "\n  mutation IssueToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      token\n      apiToken {\n        id\n        name\n        expiresAt\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.IssueTokenDocument,
    "\n  mutation RevokeToken($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) {\n      apiToken {\n        id\n        revokedAt\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.RevokeTokenDocument,
    "\n  query FindSku($code: String!) {\n    byCode: skus(filter: { code: $code }, first: 1) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n    byBarcode: skus(filter: { barcode: $code }, first: 1) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n  }\n": typeof types.FindSkuDocument,
    "\n  query SkuHistory($id: Int!) {\n    sku(id: $id) {\n      id\n      code\n      name\n      onHand\n      location\n      active\n      cycleCount {\n        countClass\n        lastCountedAt\n        dueAt\n        daysOverdue\n      }\n      movements(first: 100) {\n        edges {\n          node {\n            id\n            occurredAt\n            change\n            quantityAfter\n            reason\n            source\n            stockTakeId\n          }\n        }\n      }\n    }\n  }\n": typeof types.SkuHistoryDocument,
    "\n  query ReportsScreen($from: String!, $to: String!) {\n    accuracyReport(from: $from, to: $to) {\n      overall {\n        accuracy\n        linesCounted\n        linesAccurate\n      }\n      stockTakes {\n        stockTakeId\n        reference\n        reconciledAt\n        accuracy\n        linesCounted\n        linesAccurate\n      }\n    }\n    varianceReport(from: $from, to: $to, top: 5) {\n      reasons {\n        reason\n        movements\n        unitsIn\n        unitsOut\n        unitsNet\n        values {\n          net\n        }\n      }\n      topItems {\n        type\n        id\n        code\n        name\n        unitsOut\n        values {\n          losses\n        }\n      }\n    }\n  }\n": typeof types.ReportsScreenDocument,
    "\n  query ReviewScreen($id: Int!) {\n    stockTake(id: $id) {\n      id\n      reference\n      status\n      summary {\n        lines\n        counted\n        uncounted\n        accepted\n        applied\n        recountRequested\n        netDifference\n        sumAbsDifference\n        autoAccepted\n        values {\n          gains\n          losses\n          net\n          absolute\n          valuedLines\n        }\n      }\n    }\n  }\n": typeof types.ReviewScreenDocument,
    "\n  mutation Decide($input: AcceptStockTakeLinesInput!) {\n    acceptStockTakeLines(input: $input) {\n      acceptedCount\n      needsReviewCount\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.DecideDocument,
    "\n  mutation Reconcile($input: ReconcileStockTakeInput!) {\n    reconcileStockTake(input: $input) {\n      reconciliation {\n        dryRun\n        status\n        appliedCount\n        unchanged\n        skipped {\n          uncounted\n          unaccepted\n          linked\n        }\n        applied {\n          type\n          id\n          code\n          name\n          previousQty\n          newQty\n          change\n        }\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.ReconcileDocument,
    "\n  mutation StartStockTake($input: StartStockTakeInput!) {\n    startStockTake(input: $input) {\n      stockTake {\n        id\n      }\n      preview {\n        siteId\n        lines\n        areas {\n          prefix\n          lines\n        }\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.StartStockTakeDocument,
    "\n  query OpenStockTakes {\n    counting: stockTakes(status: COUNTING, first: 50) {\n      edges {\n        node {\n          id\n          ...StockTakeCard_stockTake\n        }\n      }\n    }\n    open: stockTakes(status: OPEN, first: 50) {\n      edges {\n        node {\n          id\n          ...StockTakeCard_stockTake\n        }\n      }\n    }\n  }\n": typeof types.OpenStockTakesDocument,
    "\n  query ReconciledStockTakes {\n    stockTakes(status: RECONCILED, first: 5) {\n      edges {\n        node {\n          id\n          ...StockTakeCard_stockTake\n        }\n      }\n    }\n  }\n": typeof types.ReconciledStockTakesDocument,
    "\n  fragment FoundLine on StockTakeLine {\n    type\n    id\n    code\n    name\n    supplier\n    location\n    countedQty\n    state\n    recountRequested\n  }\n": typeof types.FoundLineFragmentDoc,
    "\n  query FindLine($id: Int!, $code: String!) {\n    stockTake(id: $id) {\n      id\n      lines(code: $code, first: 1) {\n        edges {\n          node {\n            ...FoundLine\n          }\n        }\n      }\n    }\n  }\n": typeof types.FindLineDocument,
    "\n  mutation SaveCount($input: SubmitStockTakeCountsInput!) {\n    submitStockTakeCounts(input: $input) {\n      status\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.SaveCountDocument,
    "\n  query Viewer {\n    viewer {\n      token {\n        id\n        name\n        scopes\n        expiresAt\n      }\n      account {\n        id\n        name\n        currency\n      }\n      site {\n        id\n        code\n        name\n      }\n      sites {\n        id\n        name\n      }\n    }\n  }\n": typeof types.ViewerDocument,
};
const documents: Documents = {
    "\n  query ProgressByCounter($id: Int!) {\n    stockTake(id: $id) {\n      id\n      progressByCounter {\n        counter\n        lines\n        lastCountedAt\n      }\n    }\n  }\n": types.ProgressByCounterDocument,
    "\n  fragment ReviewLine on StockTakeLine {\n    type\n    id\n    code\n    name\n    location\n    expectedQty\n    countedQty\n    difference\n    differenceValue\n    state\n    autoAccepted\n    movedSinceFreeze\n  }\n": types.ReviewLineFragmentDoc,
    "\n  query LinesByDifference($id: Int!, $order: LineOrder!, $after: String) {\n    stockTake(id: $id) {\n      id\n      lines(order: $order, first: 200, after: $after) {\n        edges {\n          node {\n            ...ReviewLine\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.LinesByDifferenceDocument,
    "\n  fragment Progress_stockTake on StockTake {\n    id\n    summary {\n      lines\n      uncounted\n      accepted\n      applied\n      recountRequested\n    }\n  }\n": types.Progress_StockTakeFragmentDoc,
    "\n  query ProgressByArea($id: Int!) {\n    stockTake(id: $id) {\n      id\n      progressByLocation(depth: 2) {\n        prefix\n        lines\n        counted\n      }\n    }\n  }\n": types.ProgressByAreaDocument,
    "\n  query RecountLines($id: Int!) {\n    stockTake(id: $id) {\n      id\n      lines(recount: true, first: 50) {\n        edges {\n          node {\n            type\n            id\n            code\n            name\n            location\n          }\n        }\n      }\n    }\n  }\n": types.RecountLinesDocument,
    "\n  fragment StockTakeCard_stockTake on StockTake {\n    id\n    reference\n    status\n    blind\n    createdAt\n    reconciledAt\n  }\n": types.StockTakeCard_StockTakeFragmentDoc,
    "\n  subscription FollowProgress($id: Int!) {\n    stockTakeProgress(id: $id) {\n      eventId\n      stockTake {\n        id\n        status\n      }\n    }\n  }\n": types.FollowProgressDocument,
    "\n  query ActiveSites {\n    sites(active: true, first: 100) {\n      edges {\n        node {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.ActiveSitesDocument,
    "\n  query CountScreen($id: Int!) {\n    stockTake(id: $id) {\n      id\n      reference\n      status\n      blind\n      summary {\n        lines\n        recountRequested\n      }\n      ...Progress_stockTake\n    }\n  }\n": types.CountScreenDocument,
    "\n  query DueScreen($siteId: Int) {\n    cycleCountSettings {\n      intervalDaysA\n      intervalDaysB\n      intervalDaysC\n    }\n    dueForCount(siteId: $siteId, first: 100) {\n      skuId\n      code\n      name\n      location\n      countClass\n      daysOverdue\n    }\n  }\n": types.DueScreenDocument,
    "\n  mutation SaveIntervals($input: UpdateCycleCountSettingsInput!) {\n    updateCycleCountSettings(input: $input) {\n      settings {\n        intervalDaysA\n        intervalDaysB\n        intervalDaysC\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.SaveIntervalsDocument,
    "\n  mutation Classify($input: ClassifySkusInput!) {\n    classifySkus(input: $input) {\n      classification {\n        dryRun\n        windowDays\n        classes {\n          countClass\n          skus\n          changed\n        }\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.ClassifyDocument,
    "\n  query Tokens {\n    apiTokens(first: 100) {\n      edges {\n        node {\n          id\n          name\n          scopes\n          createdAt\n          expiresAt\n          revokedAt\n          lastUsedAt\n        }\n      }\n    }\n  }\n": types.TokensDocument,
    "\n  mutation IssueToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      token\n      apiToken {\n        id\n        name\n        expiresAt\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.IssueTokenDocument,
    "\n  mutation RevokeToken($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) {\n      apiToken {\n        id\n        revokedAt\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.RevokeTokenDocument,
    "\n  query FindSku($code: String!) {\n    byCode: skus(filter: { code: $code }, first: 1) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n    byBarcode: skus(filter: { barcode: $code }, first: 1) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n  }\n": types.FindSkuDocument,
    "\n  query SkuHistory($id: Int!) {\n    sku(id: $id) {\n      id\n      code\n      name\n      onHand\n      location\n      active\n      cycleCount {\n        countClass\n        lastCountedAt\n        dueAt\n        daysOverdue\n      }\n      movements(first: 100) {\n        edges {\n          node {\n            id\n            occurredAt\n            change\n            quantityAfter\n            reason\n            source\n            stockTakeId\n          }\n        }\n      }\n    }\n  }\n": types.SkuHistoryDocument,
    "\n  query ReportsScreen($from: String!, $to: String!) {\n    accuracyReport(from: $from, to: $to) {\n      overall {\n        accuracy\n        linesCounted\n        linesAccurate\n      }\n      stockTakes {\n        stockTakeId\n        reference\n        reconciledAt\n        accuracy\n        linesCounted\n        linesAccurate\n      }\n    }\n    varianceReport(from: $from, to: $to, top: 5) {\n      reasons {\n        reason\n        movements\n        unitsIn\n        unitsOut\n        unitsNet\n        values {\n          net\n        }\n      }\n      topItems {\n        type\n        id\n        code\n        name\n        unitsOut\n        values {\n          losses\n        }\n      }\n    }\n  }\n": types.ReportsScreenDocument,
    "\n  query ReviewScreen($id: Int!) {\n    stockTake(id: $id) {\n      id\n      reference\n      status\n      summary {\n        lines\n        counted\n        uncounted\n        accepted\n        applied\n        recountRequested\n        netDifference\n        sumAbsDifference\n        autoAccepted\n        values {\n          gains\n          losses\n          net\n          absolute\n          valuedLines\n        }\n      }\n    }\n  }\n": types.ReviewScreenDocument,
    "\n  mutation Decide($input: AcceptStockTakeLinesInput!) {\n    acceptStockTakeLines(input: $input) {\n      acceptedCount\n      needsReviewCount\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.DecideDocument,
    "\n  mutation Reconcile($input: ReconcileStockTakeInput!) {\n    reconcileStockTake(input: $input) {\n      reconciliation {\n        dryRun\n        status\n        appliedCount\n        unchanged\n        skipped {\n          uncounted\n          unaccepted\n          linked\n        }\n        applied {\n          type\n          id\n          code\n          name\n          previousQty\n          newQty\n          change\n        }\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.ReconcileDocument,
    "\n  mutation StartStockTake($input: StartStockTakeInput!) {\n    startStockTake(input: $input) {\n      stockTake {\n        id\n      }\n      preview {\n        siteId\n        lines\n        areas {\n          prefix\n          lines\n        }\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.StartStockTakeDocument,
    "\n  query OpenStockTakes {\n    counting: stockTakes(status: COUNTING, first: 50) {\n      edges {\n        node {\n          id\n          ...StockTakeCard_stockTake\n        }\n      }\n    }\n    open: stockTakes(status: OPEN, first: 50) {\n      edges {\n        node {\n          id\n          ...StockTakeCard_stockTake\n        }\n      }\n    }\n  }\n": types.OpenStockTakesDocument,
    "\n  query ReconciledStockTakes {\n    stockTakes(status: RECONCILED, first: 5) {\n      edges {\n        node {\n          id\n          ...StockTakeCard_stockTake\n        }\n      }\n    }\n  }\n": types.ReconciledStockTakesDocument,
    "\n  fragment FoundLine on StockTakeLine {\n    type\n    id\n    code\n    name\n    supplier\n    location\n    countedQty\n    state\n    recountRequested\n  }\n": types.FoundLineFragmentDoc,
    "\n  query FindLine($id: Int!, $code: String!) {\n    stockTake(id: $id) {\n      id\n      lines(code: $code, first: 1) {\n        edges {\n          node {\n            ...FoundLine\n          }\n        }\n      }\n    }\n  }\n": types.FindLineDocument,
    "\n  mutation SaveCount($input: SubmitStockTakeCountsInput!) {\n    submitStockTakeCounts(input: $input) {\n      status\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.SaveCountDocument,
    "\n  query Viewer {\n    viewer {\n      token {\n        id\n        name\n        scopes\n        expiresAt\n      }\n      account {\n        id\n        name\n        currency\n      }\n      site {\n        id\n        code\n        name\n      }\n      sites {\n        id\n        name\n      }\n    }\n  }\n": types.ViewerDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProgressByCounter($id: Int!) {\n    stockTake(id: $id) {\n      id\n      progressByCounter {\n        counter\n        lines\n        lastCountedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProgressByCounter($id: Int!) {\n    stockTake(id: $id) {\n      id\n      progressByCounter {\n        counter\n        lines\n        lastCountedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReviewLine on StockTakeLine {\n    type\n    id\n    code\n    name\n    location\n    expectedQty\n    countedQty\n    difference\n    differenceValue\n    state\n    autoAccepted\n    movedSinceFreeze\n  }\n"): (typeof documents)["\n  fragment ReviewLine on StockTakeLine {\n    type\n    id\n    code\n    name\n    location\n    expectedQty\n    countedQty\n    difference\n    differenceValue\n    state\n    autoAccepted\n    movedSinceFreeze\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LinesByDifference($id: Int!, $order: LineOrder!, $after: String) {\n    stockTake(id: $id) {\n      id\n      lines(order: $order, first: 200, after: $after) {\n        edges {\n          node {\n            ...ReviewLine\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query LinesByDifference($id: Int!, $order: LineOrder!, $after: String) {\n    stockTake(id: $id) {\n      id\n      lines(order: $order, first: 200, after: $after) {\n        edges {\n          node {\n            ...ReviewLine\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment Progress_stockTake on StockTake {\n    id\n    summary {\n      lines\n      uncounted\n      accepted\n      applied\n      recountRequested\n    }\n  }\n"): (typeof documents)["\n  fragment Progress_stockTake on StockTake {\n    id\n    summary {\n      lines\n      uncounted\n      accepted\n      applied\n      recountRequested\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProgressByArea($id: Int!) {\n    stockTake(id: $id) {\n      id\n      progressByLocation(depth: 2) {\n        prefix\n        lines\n        counted\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProgressByArea($id: Int!) {\n    stockTake(id: $id) {\n      id\n      progressByLocation(depth: 2) {\n        prefix\n        lines\n        counted\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecountLines($id: Int!) {\n    stockTake(id: $id) {\n      id\n      lines(recount: true, first: 50) {\n        edges {\n          node {\n            type\n            id\n            code\n            name\n            location\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query RecountLines($id: Int!) {\n    stockTake(id: $id) {\n      id\n      lines(recount: true, first: 50) {\n        edges {\n          node {\n            type\n            id\n            code\n            name\n            location\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment StockTakeCard_stockTake on StockTake {\n    id\n    reference\n    status\n    blind\n    createdAt\n    reconciledAt\n  }\n"): (typeof documents)["\n  fragment StockTakeCard_stockTake on StockTake {\n    id\n    reference\n    status\n    blind\n    createdAt\n    reconciledAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription FollowProgress($id: Int!) {\n    stockTakeProgress(id: $id) {\n      eventId\n      stockTake {\n        id\n        status\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription FollowProgress($id: Int!) {\n    stockTakeProgress(id: $id) {\n      eventId\n      stockTake {\n        id\n        status\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ActiveSites {\n    sites(active: true, first: 100) {\n      edges {\n        node {\n          id\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ActiveSites {\n    sites(active: true, first: 100) {\n      edges {\n        node {\n          id\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CountScreen($id: Int!) {\n    stockTake(id: $id) {\n      id\n      reference\n      status\n      blind\n      summary {\n        lines\n        recountRequested\n      }\n      ...Progress_stockTake\n    }\n  }\n"): (typeof documents)["\n  query CountScreen($id: Int!) {\n    stockTake(id: $id) {\n      id\n      reference\n      status\n      blind\n      summary {\n        lines\n        recountRequested\n      }\n      ...Progress_stockTake\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DueScreen($siteId: Int) {\n    cycleCountSettings {\n      intervalDaysA\n      intervalDaysB\n      intervalDaysC\n    }\n    dueForCount(siteId: $siteId, first: 100) {\n      skuId\n      code\n      name\n      location\n      countClass\n      daysOverdue\n    }\n  }\n"): (typeof documents)["\n  query DueScreen($siteId: Int) {\n    cycleCountSettings {\n      intervalDaysA\n      intervalDaysB\n      intervalDaysC\n    }\n    dueForCount(siteId: $siteId, first: 100) {\n      skuId\n      code\n      name\n      location\n      countClass\n      daysOverdue\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveIntervals($input: UpdateCycleCountSettingsInput!) {\n    updateCycleCountSettings(input: $input) {\n      settings {\n        intervalDaysA\n        intervalDaysB\n        intervalDaysC\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SaveIntervals($input: UpdateCycleCountSettingsInput!) {\n    updateCycleCountSettings(input: $input) {\n      settings {\n        intervalDaysA\n        intervalDaysB\n        intervalDaysC\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Classify($input: ClassifySkusInput!) {\n    classifySkus(input: $input) {\n      classification {\n        dryRun\n        windowDays\n        classes {\n          countClass\n          skus\n          changed\n        }\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Classify($input: ClassifySkusInput!) {\n    classifySkus(input: $input) {\n      classification {\n        dryRun\n        windowDays\n        classes {\n          countClass\n          skus\n          changed\n        }\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Tokens {\n    apiTokens(first: 100) {\n      edges {\n        node {\n          id\n          name\n          scopes\n          createdAt\n          expiresAt\n          revokedAt\n          lastUsedAt\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Tokens {\n    apiTokens(first: 100) {\n      edges {\n        node {\n          id\n          name\n          scopes\n          createdAt\n          expiresAt\n          revokedAt\n          lastUsedAt\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation IssueToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      token\n      apiToken {\n        id\n        name\n        expiresAt\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation IssueToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      token\n      apiToken {\n        id\n        name\n        expiresAt\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeToken($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) {\n      apiToken {\n        id\n        revokedAt\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeToken($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) {\n      apiToken {\n        id\n        revokedAt\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FindSku($code: String!) {\n    byCode: skus(filter: { code: $code }, first: 1) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n    byBarcode: skus(filter: { barcode: $code }, first: 1) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query FindSku($code: String!) {\n    byCode: skus(filter: { code: $code }, first: 1) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n    byBarcode: skus(filter: { barcode: $code }, first: 1) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SkuHistory($id: Int!) {\n    sku(id: $id) {\n      id\n      code\n      name\n      onHand\n      location\n      active\n      cycleCount {\n        countClass\n        lastCountedAt\n        dueAt\n        daysOverdue\n      }\n      movements(first: 100) {\n        edges {\n          node {\n            id\n            occurredAt\n            change\n            quantityAfter\n            reason\n            source\n            stockTakeId\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SkuHistory($id: Int!) {\n    sku(id: $id) {\n      id\n      code\n      name\n      onHand\n      location\n      active\n      cycleCount {\n        countClass\n        lastCountedAt\n        dueAt\n        daysOverdue\n      }\n      movements(first: 100) {\n        edges {\n          node {\n            id\n            occurredAt\n            change\n            quantityAfter\n            reason\n            source\n            stockTakeId\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReportsScreen($from: String!, $to: String!) {\n    accuracyReport(from: $from, to: $to) {\n      overall {\n        accuracy\n        linesCounted\n        linesAccurate\n      }\n      stockTakes {\n        stockTakeId\n        reference\n        reconciledAt\n        accuracy\n        linesCounted\n        linesAccurate\n      }\n    }\n    varianceReport(from: $from, to: $to, top: 5) {\n      reasons {\n        reason\n        movements\n        unitsIn\n        unitsOut\n        unitsNet\n        values {\n          net\n        }\n      }\n      topItems {\n        type\n        id\n        code\n        name\n        unitsOut\n        values {\n          losses\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ReportsScreen($from: String!, $to: String!) {\n    accuracyReport(from: $from, to: $to) {\n      overall {\n        accuracy\n        linesCounted\n        linesAccurate\n      }\n      stockTakes {\n        stockTakeId\n        reference\n        reconciledAt\n        accuracy\n        linesCounted\n        linesAccurate\n      }\n    }\n    varianceReport(from: $from, to: $to, top: 5) {\n      reasons {\n        reason\n        movements\n        unitsIn\n        unitsOut\n        unitsNet\n        values {\n          net\n        }\n      }\n      topItems {\n        type\n        id\n        code\n        name\n        unitsOut\n        values {\n          losses\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReviewScreen($id: Int!) {\n    stockTake(id: $id) {\n      id\n      reference\n      status\n      summary {\n        lines\n        counted\n        uncounted\n        accepted\n        applied\n        recountRequested\n        netDifference\n        sumAbsDifference\n        autoAccepted\n        values {\n          gains\n          losses\n          net\n          absolute\n          valuedLines\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ReviewScreen($id: Int!) {\n    stockTake(id: $id) {\n      id\n      reference\n      status\n      summary {\n        lines\n        counted\n        uncounted\n        accepted\n        applied\n        recountRequested\n        netDifference\n        sumAbsDifference\n        autoAccepted\n        values {\n          gains\n          losses\n          net\n          absolute\n          valuedLines\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Decide($input: AcceptStockTakeLinesInput!) {\n    acceptStockTakeLines(input: $input) {\n      acceptedCount\n      needsReviewCount\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Decide($input: AcceptStockTakeLinesInput!) {\n    acceptStockTakeLines(input: $input) {\n      acceptedCount\n      needsReviewCount\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Reconcile($input: ReconcileStockTakeInput!) {\n    reconcileStockTake(input: $input) {\n      reconciliation {\n        dryRun\n        status\n        appliedCount\n        unchanged\n        skipped {\n          uncounted\n          unaccepted\n          linked\n        }\n        applied {\n          type\n          id\n          code\n          name\n          previousQty\n          newQty\n          change\n        }\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Reconcile($input: ReconcileStockTakeInput!) {\n    reconcileStockTake(input: $input) {\n      reconciliation {\n        dryRun\n        status\n        appliedCount\n        unchanged\n        skipped {\n          uncounted\n          unaccepted\n          linked\n        }\n        applied {\n          type\n          id\n          code\n          name\n          previousQty\n          newQty\n          change\n        }\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartStockTake($input: StartStockTakeInput!) {\n    startStockTake(input: $input) {\n      stockTake {\n        id\n      }\n      preview {\n        siteId\n        lines\n        areas {\n          prefix\n          lines\n        }\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation StartStockTake($input: StartStockTakeInput!) {\n    startStockTake(input: $input) {\n      stockTake {\n        id\n      }\n      preview {\n        siteId\n        lines\n        areas {\n          prefix\n          lines\n        }\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OpenStockTakes {\n    counting: stockTakes(status: COUNTING, first: 50) {\n      edges {\n        node {\n          id\n          ...StockTakeCard_stockTake\n        }\n      }\n    }\n    open: stockTakes(status: OPEN, first: 50) {\n      edges {\n        node {\n          id\n          ...StockTakeCard_stockTake\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query OpenStockTakes {\n    counting: stockTakes(status: COUNTING, first: 50) {\n      edges {\n        node {\n          id\n          ...StockTakeCard_stockTake\n        }\n      }\n    }\n    open: stockTakes(status: OPEN, first: 50) {\n      edges {\n        node {\n          id\n          ...StockTakeCard_stockTake\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReconciledStockTakes {\n    stockTakes(status: RECONCILED, first: 5) {\n      edges {\n        node {\n          id\n          ...StockTakeCard_stockTake\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ReconciledStockTakes {\n    stockTakes(status: RECONCILED, first: 5) {\n      edges {\n        node {\n          id\n          ...StockTakeCard_stockTake\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FoundLine on StockTakeLine {\n    type\n    id\n    code\n    name\n    supplier\n    location\n    countedQty\n    state\n    recountRequested\n  }\n"): (typeof documents)["\n  fragment FoundLine on StockTakeLine {\n    type\n    id\n    code\n    name\n    supplier\n    location\n    countedQty\n    state\n    recountRequested\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FindLine($id: Int!, $code: String!) {\n    stockTake(id: $id) {\n      id\n      lines(code: $code, first: 1) {\n        edges {\n          node {\n            ...FoundLine\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query FindLine($id: Int!, $code: String!) {\n    stockTake(id: $id) {\n      id\n      lines(code: $code, first: 1) {\n        edges {\n          node {\n            ...FoundLine\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveCount($input: SubmitStockTakeCountsInput!) {\n    submitStockTakeCounts(input: $input) {\n      status\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SaveCount($input: SubmitStockTakeCountsInput!) {\n    submitStockTakeCounts(input: $input) {\n      status\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    viewer {\n      token {\n        id\n        name\n        scopes\n        expiresAt\n      }\n      account {\n        id\n        name\n        currency\n      }\n      site {\n        id\n        code\n        name\n      }\n      sites {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query Viewer {\n    viewer {\n      token {\n        id\n        name\n        scopes\n        expiresAt\n      }\n      account {\n        id\n        name\n        currency\n      }\n      site {\n        id\n        code\n        name\n      }\n      sites {\n        id\n        name\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;